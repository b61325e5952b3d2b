package bench

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// The facts each answer of CommonQuestions must carry, computed from what the fake answers
// the tools (the same demo athlete at the same clock, read again through the client): a
// leaner answer may say a unit or a zone once, but none of these may go missing. The facts
// of each answer are in requests_facts_activities_test.go (activities, a ride's details and
// streams, the power curve), requests_facts_days_test.go (wellness, the calendar) and
// requests_facts_athlete_test.go (the context, the load projection); the check that finds
// them in an answer is in requests_facts_check_test.go.

// TestCommonAnswersCarryTheirFacts checks, for each of the eight common questions, that its
// answer carries the facts of the data it is made from: counts, ids, dates with their
// weekdays, units, and each activity's, day's, session's, stream's, curve point's,
// threshold's and projected day's numbers.
func TestCommonAnswersCarryTheirFacts(t *testing.T) {
	qs, d := askCommonQuestions(t)
	for _, q := range qs {
		t.Run(q.Tool, func(t *testing.T) {
			facts := d.factsOf(t, q)
			n := 0
			for _, f := range facts {
				n += len(f.values) + len(f.run) + len(f.words)
			}
			t.Logf("%d facts, %d values and words", len(facts), n)
			for _, f := range facts {
				if m := missing(q.Text, f); m != "" {
					t.Error(m)
				}
			}
		})
	}
}

// TestFactsNoticeAValueTakenOut checks the check: with any one value of a fact taken out of
// its answer (a load, a bucket mean, a zone bound), or any one word (a name, a unit said
// once), the fact is missing.
func TestFactsNoticeAValueTakenOut(t *testing.T) {
	qs, d := askCommonQuestions(t)
	for _, q := range qs {
		for _, f := range d.factsOf(t, q) {
			lines := strings.Split(q.Text, "\n")
			idx, ok := blockLines(lines, f)
			if !ok {
				t.Errorf("%s: %s: no block", q.Tool, f.what)
				continue
			}
			var vs []string
			type place struct{ line, start, end int }
			var at []place
			for _, i := range idx {
				for _, v := range valuesAt(lines[i]) {
					vs = append(vs, v.key)
					at = append(at, place{i, v.start, v.end})
				}
			}
			// each cut is the answer with one value, or one word, taken out of the block
			var cuts []string
			cutAt := func(p place) string {
				l := append([]string(nil), lines...)
				l[p.line] = l[p.line][:p.start] + "?" + l[p.line][p.end:]
				return strings.Join(l, "\n")
			}
			for _, want := range append(append([]string(nil), f.values...), f.run...) {
				// the value's last place in the block, when the block has it no more times
				// than the fact needs it (else taking one out leaves enough)
				if countOf(vs, want) > countOf(f.values, want)+countOf(f.run, want) && countOf(f.run, want) == 0 {
					continue
				}
				for i := len(at) - 1; i >= 0; i-- {
					if vs[i] == want {
						cuts = append(cuts, cutAt(at[i]))
						break
					}
				}
			}
			for _, w := range f.words {
				l := append([]string(nil), lines...)
				for _, i := range idx {
					l[i] = strings.ReplaceAll(l[i], w, "?")
				}
				cuts = append(cuts, strings.Join(l, "\n"))
			}
			for _, cut := range cuts {
				if m := missing(cut, f); m == "" {
					t.Errorf("%s: %s: a value taken out is not noticed:\n%s", q.Tool, f.what, cut)
				}
			}
		}
	}
}

func countOf(vs []string, v string) int {
	n := 0
	for _, x := range vs {
		if x == v {
			n++
		}
	}
	return n
}

// askCommonQuestions asks the eight questions, and reads what their answers are made from.
// Their tables' dates are read in full (withYears).
func askCommonQuestions(t *testing.T) ([]Question, *demo) {
	t.Helper()
	qs, err := CommonQuestions(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	for i := range qs {
		qs[i].Text = withYears(qs[i].Text)
	}
	return qs, readDemo(t)
}

// demo is the data the eight answers are made from.
type demo struct {
	ctx     context.Context
	c       *intervals.ClientWithResponses
	fake    *fakeicu.Fake
	loc     *time.Location
	today   time.Time
	profile intervals.WithSportSettings
}

func readDemo(t *testing.T) *demo {
	t.Helper()
	rt, fake, err := demoRuntimeWith(fakeicu.Options{Now: func() time.Time { return samples.Now }})
	if err != nil {
		t.Fatal(err)
	}
	d := &demo{ctx: context.Background(), c: rt.Client, fake: fake}
	r, err := d.c.GetAthleteWithResponse(d.ctx, "0")
	if err != nil || r.JSON200 == nil {
		t.Fatalf("read the athlete: %v", err)
	}
	d.profile = *r.JSON200
	if d.loc, err = time.LoadLocation(*d.profile.Timezone); err != nil {
		t.Fatal(err)
	}
	now := samples.Now.In(d.loc)
	d.today = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, d.loc)
	return d
}

func (d *demo) date(days int) string { return d.today.AddDate(0, 0, days).Format("2006-01-02") }

// weekdayDate is "Mon 2026-11-30" for a YYYY-MM-DD date.
func weekdayDate(date string) string {
	t, err := time.Parse("2006-01-02", date[:10])
	if err != nil {
		return date
	}
	return t.Format("Mon 2006-01-02")
}

func (d *demo) factsOf(t *testing.T, q Question) []fact {
	t.Helper()
	switch q.Tool {
	case "get_activities":
		return d.activityFacts(t)
	case "get_activity_details":
		return d.detailFacts(t, q)
	case "get_activity_streams":
		return d.streamFacts(t, q)
	case "get_wellness_data":
		return d.wellnessFacts(t)
	case "get_events":
		return d.eventFacts(t)
	case "get_athlete_power_curves":
		return d.curveFacts(t)
	case "get_athlete_context":
		return d.contextFacts(t)
	case "get_training_load":
		return d.loadFacts(t)
	}
	t.Fatalf("no facts written for %s", q.Tool)
	return nil
}

// read is a list the fake answered, or the test stops.
func read[T any](t *testing.T, what string, list *[]T, err error) []T {
	t.Helper()
	if err != nil || list == nil {
		t.Fatalf("%s: %v", what, err)
	}
	return *list
}

func (d *demo) activities(t *testing.T, oldest, newest string) []intervals.Activity {
	r, err := d.c.ListActivitiesWithResponse(d.ctx, "0", &intervals.ListActivitiesParams{Oldest: oldest, Newest: &newest})
	return read(t, "list activities", r.JSON200, err)
}

func (d *demo) wellness(t *testing.T, oldest, newest string) []intervals.Wellness {
	r, err := d.c.ListWellnessRecordsWithResponse(d.ctx, "0", "", &intervals.ListWellnessRecordsParams{Oldest: &oldest, Newest: &newest})
	return read(t, "list wellness", r.JSON200, err)
}

func (d *demo) events(t *testing.T, oldest, newest string) []intervals.Event {
	r, err := d.c.ListEventsWithResponse(d.ctx, "0", "", &intervals.ListEventsParams{Oldest: &oldest, Newest: &newest})
	return read(t, "list events", r.JSON200, err)
}

// val is an optional number and whether it is there.
func val[T int32 | float32](p *T) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}

// or0 is an optional number, 0 when it is not there.
func or0[T int32 | float32](p *T) float64 { x, _ := val(p); return x }

func str[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

func mustDate(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func addDay(s string) string { return mustDate(s).AddDate(0, 0, 1).Format("2006-01-02") }
