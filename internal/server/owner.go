package server

import (
	"context"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// A coach's server running on its own key with no athlete configured knows its own athlete
// only as "0": a call naming the key's athlete by id would be a second caller (a second
// upstream budget) beside "0". The key's athlete id is read once from Intervals.icu, at the
// coach's first call, while the budget has room; a failed read is tried again at the next.

// owners are the athlete ids behind the servers' own clients, read once per client.
var owners sync.Map // *intervals.ClientWithResponses -> string

// keyAthlete is the athlete a coach's call's caller key is derived from: "0" for the key's
// own athlete however named, else athlete. The read of the id is made as the caller of "0".
func (rt *Runtime) keyAthlete(ctx context.Context, who caller.Caller, athlete string) string {
	if (rt.AthleteID != "" && rt.AthleteID != "0") || rt.oauth || rt.Client == nil {
		return athlete // the athlete is known by its id already (configured, or the sign-in's)
	}
	own, ok := owners.Load(rt.Client)
	if !ok {
		who.Key = caller.KeyOf(who.Credential(rt.Credential), "0")
		res, err := rt.Client.GetAthleteWithResponse(caller.With(ctx, who), "0")
		if err != nil || res.JSON200 == nil || res.JSON200.Id == nil || *res.JSON200.Id == "" {
			return athlete // as named; the next call reads again
		}
		own, _ = owners.LoadOrStore(rt.Client, *res.JSON200.Id)
	}
	if athlete != "0" && toolcall.SameAthlete(athlete, own.(string)) {
		return "0"
	}
	return athlete
}
