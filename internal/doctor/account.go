package doctor

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// checkAccount reads the athlete: Intervals.icu reachable, the key accepted, the athlete and
// its time zone, the clock. It returns false when nothing more can be checked.
func checkAccount(ctx context.Context, r *report, client *intervals.ClientWithResponses, athlete string, rec *recorder) bool {
	r.section("Intervals.icu")
	resp, err := client.GetAthleteWithResponse(ctx, athlete)
	xs := rec.taken()
	if len(xs) == 0 || xs[len(xs)-1].Err != nil {
		r.line("FAIL", "reachable", "no answer: %v (check the address, the network or a proxy)", err)
		return false
	}
	x := xs[len(xs)-1]
	r.line("ok", "reachable", "answered %d in %d ms", x.Status, x.Elapsed.Milliseconds())
	var ie *intervals.Error
	if errors.As(err, &ie) && athlete != "0" && (ie.Status == http.StatusForbidden || ie.Status == http.StatusNotFound) {
		// Is it the key or the athlete? The key's own athlete tells.
		if own, err := client.GetAthleteWithResponse(ctx, "0"); err == nil && own.JSON200 != nil {
			r.line("ok", "key", "accepted (it belongs to athlete %s)", deref(own.JSON200.Id))
			r.line("FAIL", "athlete", "%s cannot be read with this key (%d): set ATHLETE_ID to the i12345 of your Intervals.icu address, to an athlete you coach, or to 0 for the key's own athlete", athlete, ie.Status)
			return false
		}
	}
	if errors.As(err, &ie) {
		switch ie.Status {
		case http.StatusUnauthorized, http.StatusForbidden:
			r.line("FAIL", "key", "refused (%d): %s", ie.Status, ie.Hint)
		case http.StatusNotFound:
			r.line("FAIL", "athlete", "%s not found (%d): %s", athlete, ie.Status, ie.Hint)
		default:
			r.line("FAIL", "athlete", "reading athlete %s: %v", athlete, err)
		}
		return false
	}
	if err != nil || resp.JSON200 == nil {
		r.line("FAIL", "athlete", "reading athlete %s: %v (status %d)", athlete, err, x.Status)
		return false
	}
	r.line("ok", "key", "accepted")
	a := resp.JSON200
	id := deref(a.Id)
	switch tz := deref(a.Timezone); {
	case tz == "":
		r.line("warn", "athlete", "%s: no time zone in the profile (dates will be UTC's): set it in Intervals.icu's settings", id)
	default:
		if _, err := time.LoadLocation(tz); err != nil {
			r.line("warn", "athlete", "%s: time zone %q is unknown here (%v): dates will be UTC's", id, tz, err)
		} else {
			r.line("ok", "athlete", "%s, time zone %s", id, tz)
		}
	}
	checkClock(r, x)
	return true
}

// checkClock compares this machine's clock with the Date header of an answer: a clock hours
// off moves "today" in the athlete's zone.
func checkClock(r *report, x exchange) {
	if x.Date == "" {
		r.line("skip", "clock", "the answer had no Date header")
		return
	}
	date, err := http.ParseTime(x.Date)
	if err != nil {
		r.line("skip", "clock", "the Date header %q does not parse", x.Date)
		return
	}
	// The header has whole seconds and was written while the answer was on its way.
	off := time.Since(date) - x.Elapsed/2
	mark := "ok"
	if off > 2*time.Minute || off < -2*time.Minute {
		mark = "warn"
	}
	r.line(mark, "clock", "this machine's clock is %s from the server's Date header", off.Round(time.Second))
}

func deref[T any](p *T) T {
	var zero T
	if p != nil {
		return *p
	}
	return zero
}
