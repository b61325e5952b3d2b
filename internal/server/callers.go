package server

import (
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// callRuntime is rt for one tool call: for a signed-in caller (caller.From: the transport's
// gate put it in the context), their own Intervals.icu client, athlete and read cache;
// otherwise rt itself.
func (rt *Runtime) callRuntime(ctx context.Context) (*Runtime, error) {
	c, _ := caller.From(ctx)
	if !c.SignedIn() {
		if rt.Client == nil && rt.NewClient != nil { // OAuth only: every caller must bring a token
			return nil, errors.New("this server has no Intervals.icu credential of its own: sign in (OAuth) or send a personal token")
		}
		return rt, nil
	}
	if rt.NewClient == nil {
		return nil, errors.New("this server takes OAuth tokens but cannot build an Intervals.icu client for them (Runtime.NewClient is nil)")
	}
	client, cache, err := rt.callers.get(c.Grant, c.Token, rt.NewClient)
	if err != nil {
		return nil, err
	}
	per := *rt
	per.Client = client
	per.AthleteID = c.AthleteID
	per.Cache = cache
	per.Secrets = append(slices.Clip(rt.Secrets), c.Token)
	per.oauth = true
	return &per, nil
}

// callerClients keeps, per signed-in caller (caller.Caller.Grant), the Intervals.icu client
// of its token and the read cache of that client: a caller's next call reuses both
// (toolcall.Cache keeps entries per client), and what one caller read is only ever served to
// that caller (a coach's cached athlete is not another's). A caller whose Intervals.icu token
// changed (a new sign-in) gets a new client and an empty cache.
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
