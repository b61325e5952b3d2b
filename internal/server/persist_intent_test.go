package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal/journaltest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// intentStore records each journal's start and how many writes had reached the fake by then.
type intentStore struct {
	store.Store
	fake   *fakeicu.Fake
	starts []store.JournalStart
	writes []int
}

func (s *intentStore) BeginJournal(ctx context.Context, start store.JournalStart, now time.Time) (string, error) {
	s.starts = append(s.starts, start)
	s.writes = append(s.writes, len(s.fake.Writes()))
	return s.Store.BeginJournal(ctx, start, now)
}

type intent struct {
	Moves []struct {
		ID       int32
		From, To string
	}
	Creates []struct {
		ExternalID string `json:"external_id"`
		Day        string
		From       int32
	}
}

// Each multi-event write persists its absolute intent before its first upstream write: a
// move each event's id and target day, a copy and a plan each new event's external id and
// day; what is written upstream matches it.
func TestWritesPersistTheirIntentBeforeTheFirstWrite(t *testing.T) {
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	var is *intentStore
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", 0, func(st store.Store) store.Store {
		is = &intentStore{Store: st, fake: fake}
		return is
	})
	day := func(n int) string { return journaltest.Start.AddDate(0, 0, n).Format("2006-01-02") }
	if text, isErr := r.call(t, "plan_sessions", journaltest.PlanArgs("intent", 5)); isErr {
		t.Fatal(text)
	}
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"move_sessions", map[string]any{"oldest": day(1), "newest": day(5), "days": 7}},
		{"copy_sessions", map[string]any{"oldest": day(8), "newest": day(12), "to_date": day(20)}},
	} {
		before := len(is.starts)
		fake.ResetWrites()
		if text, isErr := r.call(t, call.tool, call.args); isErr {
			t.Fatalf("%s: %s", call.tool, text)
		}
		if len(is.starts) != before+1 {
			t.Fatalf("%s began %d journals", call.tool, len(is.starts)-before)
		}
		start, writes := is.starts[before], is.writes[before]
		if writes != 0 {
			t.Errorf("%s: %d writes reached Intervals.icu before its journal began", call.tool, writes)
		}
		var in intent
		if err := json.Unmarshal(start.Intent, &in); err != nil {
			t.Fatalf("%s: the intent %s: %v", call.tool, start.Intent, err)
		}
		days := map[int32]string{}
		exts := map[string]string{}
		for _, e := range fake.Events("0") {
			days[deref(e.Id)] = deref(e.StartDateLocal)[:10]
			if x := deref(e.ExternalId); x != "" {
				exts[x] = deref(e.StartDateLocal)[:10]
			}
		}
		switch call.tool {
		case "move_sessions":
			if len(in.Moves) < 5 { // the plan's five and the demo calendar's
				t.Fatalf("the move's intent: %s", start.Intent)
			}
			for _, m := range in.Moves {
				if days[m.ID] != m.To || m.To != addDay(m.From, 7) {
					t.Errorf("event %d: intent %s -> %s, upstream on %s", m.ID, m.From, m.To, days[m.ID])
				}
			}
		case "copy_sessions":
			if len(in.Creates) < 5 {
				t.Fatalf("the copy's intent: %s", start.Intent)
			}
			for _, c := range in.Creates {
				if exts[c.ExternalID] != c.Day || c.From == 0 {
					t.Errorf("copy %s of %d: intent on %s, upstream on %q", c.ExternalID, c.From, c.Day, exts[c.ExternalID])
				}
			}
		}
		if !strings.Contains(start.Summary, fmt.Sprintf("%d session(s)", len(in.Moves)+len(in.Creates))) {
			t.Errorf("%s: the summary %q", call.tool, start.Summary)
		}
	}
}

func addDay(d string, n int) string {
	t, _ := time.Parse("2006-01-02", d)
	return t.AddDate(0, 0, n).Format("2006-01-02")
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
