package transport

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/modelcontextprotocol/go-sdk/auth"
)

// The resource-server gate: every MCP request of a server with a bearer token or OAuth
// carries "Authorization: Bearer <token>"; the gate checks it (go-sdk's RequireBearerToken
// answers 401 with the resource metadata and the scope, or 403), puts the token's caller in
// the request's context (caller.With), chooses the server by the token's scopes and answers
// 403 insufficient_scope to a write by a read token, so that the client steps up.

// OAuthOptions turn on OAuth on /mcp (the authorization server, internal/auth, provides
// Verify, ResourceMetadataURL and Routes): every MCP request needs a bearer token that
// Verify accepts (or the server's own MCP_AUTH_TOKEN); a 401 names the resource metadata of
// the path asked (/mcp's, or /mcp/x/coach's) and scope="intervals:read"; a token without
// intervals:write gets the read-only form of its selection (HTTPOptions.Servers), and a
// write tool called with it answers 403 insufficient_scope so that the client steps up.
type OAuthOptions struct {
	// Verify is the caller of a bearer token (auth.Server.Verify); an error wrapping
	// caller.ErrInvalidToken is answered 401, any other 500.
	Verify func(ctx context.Context, token string) (caller.Caller, error)
	// ResourceMetadataURL is /mcp's protected-resource metadata, ending in /mcp: a path below
	// /mcp has its own, this URL followed by the rest of the path (RFC 9728: a client checks
	// that the metadata names the very URL it connected to).
	ResourceMetadataURL string
	// Routes serve the authorization server and its pages (metadata, /authorize, /token,
	// /account, ...): everything that is not /mcp, /sse, /messages or a probe.
	Routes http.Handler
	// Watch, if set, sees every request but the probes' before it is served (auth.Server.Watch:
	// it logs one that reached the server at another address than the public URL).
	Watch func(r *http.Request)

	writeTool func(name string) bool // HTTPOptions.Servers.WriteTool
}

// watched is next, shown to Watch first.
func (o *OAuthOptions) watched(next http.Handler) http.Handler {
	if o.Watch == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		o.Watch(r)
		next.ServeHTTP(w, r)
	})
}

// metadataURL is the protected-resource metadata of a request's path.
func (o *OAuthOptions) metadataURL(path string) string {
	if rest, ok := strings.CutPrefix(path, "/mcp/"); ok {
		return o.ResourceMetadataURL + "/" + rest
	}
	return o.ResourceMetadataURL
}

// gate is the bearer check in front of the MCP endpoints: the server's own token (static,
// "" for none), then, with OAuth, the authorization server's tokens. A bearer refused gets
// error="invalid_token" and a description of what to do (refusal), and a log line.
func gate(static string, oauth *OAuthOptions, logger *slog.Logger) func(http.Handler) http.Handler {
	verify := verifier(static, oauth)
	opts := func(*http.Request) *auth.RequireBearerTokenOptions { return nil }
	if oauth != nil {
		opts = func(r *http.Request) *auth.RequireBearerTokenOptions {
			return &auth.RequireBearerTokenOptions{ResourceMetadataURL: oauth.metadataURL(r.URL.Path), Scopes: []string{caller.ScopeRead}}
		}
	}
	return func(next http.Handler) http.Handler {
		next = withCaller(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			tok, sent := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			rw := &refusing{ResponseWriter: w}
			if sent && strings.TrimSpace(tok) != "" {
				rw.why = refusal(strings.TrimSpace(tok), oauth != nil)
				r = r.WithContext(context.WithValue(r.Context(), refusingKey{}, rw))
			}
			auth.RequireBearerToken(verify, opts(r))(next).ServeHTTP(rw, r)
			if rw.refused {
				logger.Info("bearer refused", "path", r.URL.Path, "remote", r.RemoteAddr, "token_kind", tokenKind(tok), "said", rw.why)
			}
		})
	}
}

// refusing adds error="invalid_token" and why to go-sdk's 401 for a bearer sent and refused
// (RFC 6750 3.1), and notes that it did.
type refusing struct {
	http.ResponseWriter
	why     string
	refused bool
}

func (w *refusing) WriteHeader(code int) {
	if code == http.StatusUnauthorized && w.why != "" {
		h := w.Header()
		challenge := strings.TrimPrefix(h.Get("WWW-Authenticate"), "Bearer")
		challenge = strings.TrimSpace(challenge)
		v := fmt.Sprintf(`Bearer error="invalid_token", error_description=%q`, w.why)
		if challenge != "" {
			v += ", " + challenge
		}
		h.Set("WWW-Authenticate", v)
		w.refused = true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *refusing) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// refusingKey carries a request's refusing writer to the verifier, which knows better
// than the token's form why it refused (knownRefusal).
type refusingKey struct{}

// knownRefusal is what the holder of a token the store knows is told: revoked (sign in
// again) or expired (refresh it); "" for any other refusal, which says nothing more than the
// token's form.
func knownRefusal(err error, tok string) string {
	personal := strings.HasPrefix(tok, prefixPersonal)
	switch {
	case errors.Is(err, caller.ErrTokenRevoked) && personal:
		return "the personal token was revoked: create a new one at /account"
	case errors.Is(err, caller.ErrTokenRevoked):
		return "the access token was revoked (its connection was ended): connect again and sign in"
	case errors.Is(err, caller.ErrTokenExpired) && personal:
		return "the personal token has expired: create a new one at /account"
	case errors.Is(err, caller.ErrTokenExpired):
		return "the access token has expired: refresh it with the refresh token at /token"
	}
	return ""
}

func (w *refusing) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Prefixes of this server's tokens (internal/auth's; transport does not import auth).
const (
	prefixAccess   = "imcp_at_"
	prefixRefresh  = "imcp_rt_"
	prefixPersonal = "imcp_pat_"
)

// refusal is what a refused bearer is told, from its form alone (what its sender holds
// already): nothing says whether any other token exists.
func refusal(tok string, oauth bool) string {
	switch {
	case !oauth:
		return "the token is not this server's bearer token (MCP_AUTH_TOKEN): check the client's Authorization header"
	case strings.HasPrefix(tok, prefixRefresh):
		return "this is a refresh token: send the access token (imcp_at_...) and use the refresh token at /token only"
	case strings.HasPrefix(tok, prefixAccess):
		return "the access token is expired, revoked or not from this server: refresh it, or connect again"
	case strings.HasPrefix(tok, prefixPersonal):
		return "the personal token is expired, revoked or not from this server: create a new one at /account"
	}
	return "this is not a token of this server (an Intervals.icu API key is never sent here): connect and sign in, or create a personal token (imcp_pat_...) at /account"
}

// tokenKind is the form of a token, for the log: its prefix, never any of the secret.
func tokenKind(tok string) string {
	for _, p := range []string{prefixAccess, prefixRefresh, prefixPersonal} {
		if strings.HasPrefix(tok, p) {
			return p + "..."
		}
	}
	return "other"
}

// callerExtra is where the verifier leaves the caller of a token in go-sdk's token info, for
// withCaller to move into the context: it stays there for one middleware, never longer.
const callerExtra = "intervals-mcp/caller"

// verifier is the gate's token check for go-sdk: the static token (constant time) is the
// server's own credential with both scopes; any other goes to OAuth's Verify.
func verifier(static string, oauth *OAuthOptions) auth.TokenVerifier {
	return func(ctx context.Context, token string, r *http.Request) (*auth.TokenInfo, error) {
		var c caller.Caller
		switch {
		case static != "" && subtle.ConstantTimeCompare([]byte(token), []byte(static)) == 1:
			metrics.TokenVerification("static", metrics.OK)
			c = caller.Caller{Scopes: []string{caller.ScopeRead, caller.ScopeWrite}, Expires: time.Now().Add(time.Hour)} // go-sdk wants an expiry
		case oauth == nil:
			metrics.TokenVerification("static", "invalid")
			return nil, auth.ErrInvalidToken
		default:
			var err error
			if c, err = oauth.Verify(ctx, token); errors.Is(err, caller.ErrInvalidToken) {
				metrics.TokenVerification("oauth", "invalid")
				if rw, ok := r.Context().Value(refusingKey{}).(*refusing); ok {
					if why := knownRefusal(err, token); why != "" {
						rw.why = why
					}
				}
				return nil, auth.ErrInvalidToken
			} else if err != nil {
				metrics.TokenVerification("oauth", "error")
				return nil, err
			}
			metrics.TokenVerification("oauth", metrics.OK)
		}
		return &auth.TokenInfo{Scopes: c.Scopes, Expiration: c.Expires, UserID: c.AthleteID, Extra: map[string]any{callerExtra: c}}, nil
	}
}

// withCaller moves the caller the verifier left in the token's info into the request's
// context (caller.With), where the server choice, the step-up and the tool calls read it.
func withCaller(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info := auth.TokenInfoFromContext(r.Context()); info != nil {
			if c, ok := info.Extra[callerExtra].(caller.Caller); ok {
				delete(info.Extra, callerExtra)
				r = r.WithContext(caller.With(r.Context(), c))
			}
		}
		next.ServeHTTP(w, r)
	})
}

func callerOf(r *http.Request) caller.Caller {
	c, _ := caller.From(r.Context())
	return c
}

// oauthSSE refuses legacy SSE to the tokens of signed-in users: an SSE session's calls run
// in the context of the session's stream, not of the POST that carries them, so they would
// run with the server's own credential. MCP_AUTH_TOKEN (the server's own) is still served.
func oauthSSE(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if callerOf(r).SignedIn() {
			http.Error(w, "legacy SSE is not served to signed-in users: connect to /mcp (Streamable HTTP)", http.StatusNotFound)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// stepUp answers 403 insufficient_scope when body calls a write tool with a token that has
// no intervals:write; go-sdk's middleware writes no error= on 403, so it is written here.
func (o *OAuthOptions) stepUp(w http.ResponseWriter, r *http.Request, body []byte) bool {
	if o == nil || o.writeTool == nil || callerOf(r).Has(caller.ScopeWrite) {
		return false
	}
	name, ok := calledTool(body)
	if !ok || !o.writeTool(name) {
		return false
	}
	w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer error="insufficient_scope", scope=%q, resource_metadata=%q, error_description="%s needs intervals:write"`,
		caller.ScopeWrite, o.metadataURL(r.URL.Path), name))
	http.Error(w, name+" changes your Intervals.icu data and needs the intervals:write scope: reconnect and allow read and write", http.StatusForbidden)
	return true
}

// calledTool is the tool a tools/call request (one message, or any of a batch) calls.
func calledTool(body []byte) (string, bool) {
	type call struct {
		Method string `json:"method"`
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	var one call
	if json.Unmarshal(body, &one) == nil {
		return one.Params.Name, one.Method == "tools/call"
	}
	var batch []call
	if json.Unmarshal(body, &batch) == nil {
		for _, c := range batch {
			if c.Method == "tools/call" {
				return c.Params.Name, true
			}
		}
	}
	return "", false
}
