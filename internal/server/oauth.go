package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The OAuth scopes /mcp knows; write implies read.
const (
	scopeRead  = "intervals:read"
	scopeWrite = "intervals:write"
)

// OAuthOptions turn on OAuth on /mcp (internal/auth provides them): every MCP request needs
// a bearer token the Verifier accepts; a 401 names the resource metadata and
// scope="intervals:read"; the token's scopes choose the server (Read without
// intervals:write, Full with it), and a write tool called with a read token answers 403
// insufficient_scope so that the client steps up.
type OAuthOptions struct {
	Verifier            auth.TokenVerifier
	ResourceMetadataURL string
	// Routes serve the authorization server and its pages (metadata, /authorize, /token,
	// /account, ...): everything that is not /mcp, /sse, /messages or a probe.
	Routes     http.Handler
	Read, Full *mcp.Server
	// WriteTool says whether a tool needs intervals:write (it is in Full, not in Read).
	WriteTool func(name string) bool
}

// Caller is who an OAuth token (or a personal token) speaks for: the athlete, their
// Intervals.icu token (each call's client is built on it) and a key naming the grant.
type Caller struct {
	Token     string // the athlete's Intervals.icu access token (Bearer)
	AthleteID string
	Key       string // the grant or personal token: caller keys, budgets and journals hang on it
}

// callerExtra is Caller's key in auth.TokenInfo.Extra.
const callerExtra = "intervals-mcp/caller"

// SetCaller puts c into a verified token's info, where the tool calls of the request find it.
func SetCaller(info *auth.TokenInfo, c Caller) {
	if info.Extra == nil {
		info.Extra = map[string]any{}
	}
	info.Extra[callerExtra] = c
}

func callerOfToken(info *auth.TokenInfo) (Caller, bool) {
	if info == nil {
		return Caller{}, false
	}
	c, ok := info.Extra[callerExtra].(Caller)
	return c, ok
}

func hasScope(info *auth.TokenInfo, scope string) bool {
	return info != nil && slices.Contains(info.Scopes, scope)
}

// oauthSSE refuses legacy SSE to the tokens of signed-in users: an SSE session's calls do
// not carry the token's caller (go-sdk's SSE transport has no token info), so they would run
// with the server's own credential. MCP_AUTH_TOKEN (the server's own) is still served.
func oauthSSE(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := callerOfToken(auth.TokenInfoFromContext(r.Context())); ok {
			http.Error(w, "legacy SSE is not served to signed-in users: connect to /mcp (Streamable HTTP)", http.StatusNotFound)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// oauthServerFor chooses the server of a request by its token's scopes.
func (o *OAuthOptions) serverFor(r *http.Request) *mcp.Server {
	if hasScope(auth.TokenInfoFromContext(r.Context()), scopeWrite) {
		return o.Full
	}
	return o.Read
}

// stepUp answers 403 insufficient_scope when body calls a write tool with a token that has
// no intervals:write; go-sdk's middleware writes no error= on 403, so it is written here.
func (o *OAuthOptions) stepUp(w http.ResponseWriter, r *http.Request, body []byte) bool {
	if o == nil || hasScope(auth.TokenInfoFromContext(r.Context()), scopeWrite) {
		return false
	}
	name, ok := calledTool(body)
	if !ok || !o.WriteTool(name) {
		return false
	}
	w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer error="insufficient_scope", scope=%q, resource_metadata=%q, error_description="%s needs intervals:write"`,
		scopeWrite, o.ResourceMetadataURL, name))
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

// callRuntime is rt for one tool call: over OAuth, the caller's own Intervals.icu client,
// athlete, profile cache and caller key; otherwise rt itself.
func (rt *Runtime) callRuntime(ctx context.Context, req *mcp.CallToolRequest) (context.Context, *Runtime, error) {
	var c Caller
	ok := false
	if req != nil && req.Extra != nil {
		c, ok = callerOfToken(req.Extra.TokenInfo)
	}
	if !ok {
		if rt.Client == nil && rt.NewClient != nil { // OAuth only: every caller must bring a token
			return ctx, nil, errors.New("this server has no Intervals.icu credential of its own: sign in (OAuth) or send a personal token")
		}
		return ctx, rt, nil
	}
	if rt.NewClient == nil {
		return ctx, nil, errors.New("this server takes OAuth tokens but cannot build an Intervals.icu client for them (Runtime.NewClient is nil)")
	}
	client, cache, err := rt.callers.get(c.Key, c.Token, rt.NewClient)
	if err != nil {
		return ctx, nil, err
	}
	per := *rt
	per.Client = client
	per.AthleteID = c.AthleteID
	per.Cache = cache
	per.Secrets = append(slices.Clip(rt.Secrets), c.Token)
	per.oauth = true
	return withCredential(ctx, c), &per, nil
}

// callerClients keeps, per OAuth caller, the Intervals.icu client of its token and the read
// cache of that client: a caller's next call reuses both (toolcall.Cache keeps entries per
// client), and what one caller read is only ever served to that caller (a coach's cached
// athlete is not another's). A caller whose Intervals.icu token changed (a new sign-in) gets a
// new client and an empty cache.
type callerClients struct {
	mu sync.Mutex
	m  map[string]*callerClient
}

type callerClient struct {
	token  string
	client *intervals.ClientWithResponses
	cache  *toolcall.Cache
}

// maxCallers bounds the callers kept; past it, all are dropped at once (each rebuilds on its
// next call: a client and an empty cache).
const maxCallers = 4096

func (p *callerClients) get(key, token string, newClient func(string) (*intervals.ClientWithResponses, error)) (*intervals.ClientWithResponses, *toolcall.Cache, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.m[key]; ok && c.token == token {
		return c.client, c.cache, nil
	}
	client, err := newClient(token)
	if err != nil {
		return nil, nil, err
	}
	if p.m == nil || len(p.m) >= maxCallers {
		p.m = map[string]*callerClient{}
	}
	c := &callerClient{token: token, client: client, cache: &toolcall.Cache{}}
	p.m[key] = c
	return c.client, c.cache, nil
}

type credentialKey struct{}

// credential is an OAuth caller's credential as a call's persistence sees it: a name for
// its caller key, and the signed-in athlete whose it is.
type credential struct{ name, athlete string }

// withCredential names the credential of a call (Persist.begin).
func withCredential(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, credentialKey{}, credential{"oauth:" + c.Key, c.AthleteID})
}

// credentialOf is the credential of a call for its caller key (def: the server's own), and
// the signed-in athlete whose it is ("" for the server's own).
func credentialOf(ctx context.Context, def string) (name, athlete string) {
	if c, ok := ctx.Value(credentialKey{}).(credential); ok {
		return c.name, c.athlete
	}
	return def, ""
}

// narrowedGrant is added to a 403 from Intervals.icu for an OAuth caller: Intervals.icu
// applies an athlete's latest sign-in scopes to every token of the app, so a later
// read-only sign-in (here or in another client) narrows an earlier write grant.
const narrowedGrant = "Intervals.icu refused this change for your sign-in: it applies your latest Intervals.icu sign-in to every connection, and that one allowed reading only. Reconnect this client and choose \"Read and change it\" (or sign in again at /account) to allow changes"

// upstreamForbidden says whether err is Intervals.icu's 403.
func upstreamForbidden(err error) bool {
	var ae *intervals.Error
	return errors.As(err, &ae) && ae.Status == http.StatusForbidden && !strings.Contains(ae.Path, "/oauth/")
}

// NewScoped builds the two servers OAuth chooses between, once: read (opts.Filter made
// read-only: what a token without intervals:write is offered) and full (opts.Filter), and
// which tools need intervals:write (in full, not in read).
func NewScoped(opts Options) (read, full *mcp.Server, writeTool func(name string) bool, err error) {
	ro := opts
	ro.Filter.ReadOnly = true
	readCat, err := NewCatalog(opts.Tools, ro.Filter)
	if err != nil {
		return nil, nil, nil, err
	}
	fullCat, err := NewCatalog(opts.Tools, opts.Filter)
	if err != nil {
		return nil, nil, nil, err
	}
	if read, err = newFromCatalog(readCat, ro); err != nil {
		return nil, nil, nil, err
	}
	if full, err = newFromCatalog(fullCat, opts); err != nil {
		return nil, nil, nil, err
	}
	writeTool = func(name string) bool {
		_, inRead := readCat.Lookup(name)
		e, inFull := fullCat.Lookup(name)
		return inFull && !inRead && e.Access != manifest.Read
	}
	return read, full, writeTool, nil
}
