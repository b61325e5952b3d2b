package server

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// An OAuth caller's calls share one client and its read cache (toolcall.Cache keeps entries
// per client: a new client per call would never hit it); callers never share either; a caller
// whose Intervals.icu token changed starts again.
func TestOAuthCallersKeepTheirClientAndCache(t *testing.T) {
	built := 0
	newClient := func(token string) (*intervals.ClientWithResponses, error) {
		built++
		return intervals.New(intervals.Options{AccessToken: token, RateLimit: -1})
	}
	var p callerClients
	get := func(key, token string) (*intervals.ClientWithResponses, any) {
		t.Helper()
		c, cache, err := p.get(key, token, newClient)
		if err != nil {
			t.Fatal(err)
		}
		return c, cache
	}
	c1, cache1 := get("grant-a", "tok-a")
	c2, cache2 := get("grant-a", "tok-a")
	if c1 != c2 || cache1 != cache2 || built != 1 {
		t.Errorf("the same caller got a new client or cache (%d clients built)", built)
	}
	if c3, cache3 := get("grant-b", "tok-b"); c3 == c1 || cache3 == cache1 {
		t.Error("two callers share a client or a cache")
	}
	if c4, cache4 := get("grant-a", "tok-a2"); c4 == c1 || cache4 == cache1 {
		t.Error("a caller with a new Intervals.icu token kept the old client")
	}
}
