package toolcall

import (
	"context"
	"fmt"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
)

// DefaultBudget is how many characters a tool answer may use unless configured otherwise:
// about 4,000 tokens, enough for a month of calendar, small enough to keep a conversation.
const DefaultBudget = 16000

// Env is what a tool call runs with. The server builds one per call; tests build their own.
type Env struct {
	Client *intervals.ClientWithResponses
	// AthleteID is the athlete the call is for: the configured ATHLETE_ID ("0" means the
	// athlete behind the key), or the athlete a coach named in the call.
	AthleteID string
	// Now is the clock (tests fix it); nil means time.Now.
	Now func() time.Time
	// Budget is the size in characters a tool answer may use; 0 means DefaultBudget.
	Budget int
	// Cache keeps what tools read across calls for a short time (cache.go); nil reads
	// everything every time.
	Cache *Cache
	// Confirm asks the user (not the model) a yes/no question through the client, where the
	// client supports it (MCP elicitation). asked is false when it could not ask; nil never asks.
	Confirm func(ctx context.Context, question string) (ok, asked bool, err error)
	// Deadline is when the call's answer is due (the server's call timeout); zero means none.
	// The tool's own context ends earlier, leaving a rollback time until Deadline.
	Deadline time.Time
	// Writes keeps the plans of writes in progress across calls (see Writes); nil keeps none.
	Writes *Writes
	// Caller is who calls (caller.Caller), its Key set by the server for this call's athlete:
	// confirmations, journals and notices are bound to the key. The zero Caller in tests.
	Caller caller.Caller
	// Confirmations keeps range-delete tokens outside the process; nil: a per-process HMAC.
	Confirmations Confirmations
	// Journal persists multi-event writes as they happen (internal/journal); nil: memory only.
	Journal JournalRecorder
	// EveryAthlete asks a tool of Def.EveryAthlete for every athlete the account lists
	// (coach mode, athlete "all"); AthleteID is then the account's own.
	EveryAthlete bool
}

// Athlete is what tools need of an athlete's profile, fetched once and cached.
type Athlete struct {
	ID       string
	Name     string
	Location *time.Location // from the profile's timezone; UTC when the profile has none
	Profile  *intervals.WithSportSettings
}

// Athlete returns the call's athlete profile, with its sport settings (in Cache).
func (e *Env) Athlete(ctx context.Context) (*Athlete, error) {
	return Cached(e, CacheProfile, "", "", func() (*Athlete, error) { return fetchAthlete(ctx, e.Client, e.AthleteID) }, nil)
}

// Time returns the current time.
func (e *Env) Time() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// Today returns the athlete's current local date as midnight in their time zone, and the
// athlete. All date arithmetic of tools starts here: never from UTC.
func (e *Env) Today(ctx context.Context) (time.Time, *Athlete, error) {
	a, err := e.Athlete(ctx)
	if err != nil {
		return time.Time{}, nil, err
	}
	now := e.Time().In(a.Location)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, a.Location), a, nil
}

// MaxChars is the answer budget of this call.
func (e *Env) MaxChars() int {
	if e.Budget > 0 {
		return e.Budget
	}
	return DefaultBudget
}

func fetchAthlete(ctx context.Context, c *intervals.ClientWithResponses, athleteID string) (*Athlete, error) {
	resp, err := c.GetAthleteWithResponse(ctx, athleteID)
	if err != nil {
		return nil, fmt.Errorf("read the athlete profile: %w", err)
	}
	if resp.JSON200 == nil {
		return nil, fmt.Errorf("read the athlete profile: Intervals.icu answered %d without a profile", resp.StatusCode())
	}
	p := resp.JSON200
	a := &Athlete{ID: athleteID, Location: time.UTC, Profile: p}
	if p.Id != nil {
		a.ID = *p.Id
	}
	if p.Name != nil {
		a.Name = *p.Name
	}
	if p.Timezone != nil && *p.Timezone != "" {
		loc, err := time.LoadLocation(*p.Timezone)
		if err != nil {
			return nil, fmt.Errorf("the athlete's time zone %q is unknown to this system: %w", *p.Timezone, err)
		}
		a.Location = loc
	}
	return a, nil
}
