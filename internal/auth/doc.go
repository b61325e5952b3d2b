// Package auth is intervals-mcp's OAuth 2.1 authorization server, and the verifier of the
// bearer tokens /mcp takes. Intervals.icu signs the user in (its OAuth has no discovery, PKCE,
// registration or refresh, so it cannot be the MCP authorization server); we run our own:
//
//	client -> /authorize (PKCE S256, resource) -> our consent page (read, or read and write)
//	       -> Intervals.icu's authorize -> /oauth/callback (code exchanged at once, the
//	          athlete's token sealed in the store) -> client's redirect_uri?code&state&iss
//	       -> /token (code, then rotated refresh tokens) -> /mcp with our access token
//
// Clients are client ID metadata documents (an https URL; clientid.go fetches them with SSRF
// guards) or registered (/register, RFC 7591). Every token is opaque and random, kept in the
// store as its SHA-256; a token verified is kept in memory for a minute at most, under the
// store's revocation signal (moved by every revocation, on any replica, and read once per
// request): a revocation stops the next request on every replica. Personal access tokens (imcp_pat_...) are for clients that send a header.
// What anyone can ask without signing in is rate limited (ratelimit.go): registrations,
// authorizations and metadata document fetches, per source (the client's address behind
// the trusted proxies, IPv6 by /64: clientaddr.go) and overall, in the store's budgets.
// A request that reached the server at another address than the public URL is logged once
// (Watch, publicurl.go): a wrong --public-url otherwise shows only as a failed sign-in.
//
// Verify is the caller (internal/caller) of one of our bearer tokens, for the transport's
// gate; the MCP server and the transports are wired to it in cmd/intervals-mcp, and so is
// the demo's sign-in (the fake playing Intervals.icu's OAuth).
//
// The pages (consent, account, errors) are written in Go with gomponents (pages.go), which
// escapes every value by construction; not with html/template, whose Execute reaches
// reflect's MethodByName and so makes the linker keep every exported method in the binary.
//
// Imports: gen/intervals, internal/caller, internal/metrics (sign-ins), internal/store and
// maragu.dev/gomponents; never the MCP server, a transport or the fake.
package auth
