// Package tools is the catalog of intervals-mcp: every MCP tool, defined with manifest.New from
// its input struct, the Intervals.icu operations it calls and a formatter of internal/format.
// One file per toolset; All returns them in the order tools/list shows them.
//
// Every tool keeps the rules of DESIGN.md: the athlete id comes from the Env, never from the
// model; dates are the athlete's local dates (today comes from env.Today, in the athlete's
// time zone); answers fit env.MaxChars(); API failures come back as errors that say what to
// do; writes never touch a recorded activity or a session paired with one.
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// All returns the catalog grouped by toolset in the order of manifest.AllToolsets and,
// within a toolset, the reference server's tools first (most used first), then the others.
func All() []manifest.Tool {
	var all []manifest.Tool
	for _, set := range [][]manifest.Tool{contextTools(), activityTools(), performanceTools(), wellnessTools(), calendarTools(), planningTools(), settingsTools(), customItemTools(), coachingTools()} {
		all = append(all, set...)
	}
	rank := func(t manifest.Tool) int { return slices.Index(manifest.AllToolsets, t.Toolset) }
	slices.SortStableFunc(all, func(a, b manifest.Tool) int { return rank(a) - rank(b) })
	return withSchemas(all)
}

// Catalog is every tool definition there is: All, and the GET-only variant of
// api_call_operation that a read-only server lists in its place.
func Catalog() []manifest.Tool { return append(All(), ReadOnlyAPICall()) }

// Resources returns the reference documents the server offers as MCP resources: the workout
// text syntax and the event categories.
func Resources() []manifest.Resource { return planningResources() }

// Prompts returns the prompts for the common asks: plan a block, adapt to illness, weekly
// review, race readiness.
func Prompts() []manifest.Prompt { return append(planningPrompts(), coachingPrompts()...) }

// athleteCtx is what most tools start from: the athlete's units and today's local date.
type athleteCtx struct {
	*manifest.Athlete
	units format.Units
	today time.Time // local midnight
}

// loadAthlete reads the call's athlete (cached) and today's local date. An athlete the key
// may not read (a coach naming an athlete it does not coach) is refused by name.
func loadAthlete(ctx context.Context, env *manifest.Env) (*athleteCtx, error) {
	today, a, err := env.Today(ctx)
	if err != nil {
		return nil, athleteAccessError(env, err)
	}
	u := format.Units{Loc: a.Location}
	if a.Profile != nil {
		u = format.UnitsFor(*a.Profile, a.Location)
	}
	return &athleteCtx{Athlete: a, units: u, today: today}, nil
}

const ymd = "2006-01-02"

// localRange resolves optional oldest/newest local dates: defaults are today+from..today+to
// days; a missing oldest counts back from newest. It refuses bad dates and reversed ranges.
func localRange(oldest, newest string, today time.Time, from, to int) (string, string, error) {
	var lo, hi time.Time
	var err error
	if newest == "" {
		hi = today.AddDate(0, 0, to)
	} else if hi, err = parseLocalDate("newest", newest, today.Location()); err != nil {
		return "", "", err
	}
	if oldest == "" {
		lo = hi.AddDate(0, 0, from-to)
	} else if lo, err = parseLocalDate("oldest", oldest, today.Location()); err != nil {
		return "", "", err
	}
	if hi.Before(lo) {
		return "", "", manifest.Errorf("newest (%s) is before oldest (%s): swap them", hi.Format(ymd), lo.Format(ymd))
	}
	if hi.Sub(lo) > 3*366*24*time.Hour {
		return "", "", manifest.Errorf("the range %s..%s is longer than 3 years: ask for a shorter one", lo.Format(ymd), hi.Format(ymd))
	}
	return lo.Format(ymd), hi.Format(ymd), nil
}

func parseLocalDate(name, s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(ymd, s, loc)
	if err != nil {
		return time.Time{}, manifest.Errorf("%s %q is not a date: write YYYY-MM-DD (the athlete's local date)", name, s)
	}
	return t, nil
}

// apiFailed wraps an API error with what the tool was doing. A 404 on an id the model gave is
// told as such, so it can correct the id.
func apiFailed(what string, err error) error {
	var ie *intervals.Error
	if errors.As(err, &ie) {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: Intervals.icu could not be reached or answered badly (%v); try again in a moment", what, err)
}

// answerLimit is the most of an answer a tool reads (the largest, a year of streams, is a
// few MB).
const answerLimit = 16 << 20

// readAnswer reads and closes an undecoded call's answer; any status but 2xx is an error.
// Writes read their answers with it loosely: a 2xx is success whatever the body holds.
func readAnswer(resp *http.Response) ([]byte, error) {
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, answerLimit))
	if err != nil {
		return nil, fmt.Errorf("read the answer: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("Intervals.icu answered %d", resp.StatusCode)
	}
	return b, nil
}

// readBack reads a write's 2xx answer into v (a fresh value). The write is done whatever
// the answer holds, so an answer that does not decode is not an error: ok is false and the
// caller shows what it sent instead. A field the generated model types differently (an
// integer sent as 249.75) fails the whole read, since it would decode as a false zero.
func readBack(resp *http.Response, v any) (ok bool) {
	b, err := readAnswer(resp)
	return err == nil && json.Unmarshal(b, v) == nil
}

// noData is the error for a 2xx answer without the expected body.
func noData(what string, status int) error {
	return fmt.Errorf("%s: Intervals.icu answered %d without data; try again in a moment", what, status)
}
