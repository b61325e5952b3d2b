package store

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// begin begins a journal of plan on s at t0.
func begin(t *testing.T, s *DB) string {
	t.Helper()
	id, err := s.BeginJournal(context.Background(), plan, t0)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var plan = JournalStart{Caller: "alice", Tool: "plan_sessions", Athlete: "i1", Summary: "3 sessions 1-3 Dec", Intent: json.RawMessage(`{"n":3}`), CredentialAthlete: "i7"}

func TestJournalLiveIsNotClaimed(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		a, b := open(t, p), open(t, p)
		ctx := context.Background()
		id := begin(t, a)
		// Appends renew the lease: a journal written to within its lease is never claimed.
		for i := range 3 {
			now := t0.Add(time.Duration(i+1) * DefaultJournalLease * 3 / 4)
			if err := a.AppendJournal(ctx, id, now); err != nil {
				t.Fatal(err)
			}
			if j, err := b.ClaimJournal(ctx, now.Add(DefaultJournalLease*3/4)); err != nil || j != nil {
				t.Fatalf("claim of a journal within its lease: %v, %v; want none", j, err)
			}
		}
	})
}

func TestJournalRecovery(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		a, b := open(t, p), open(t, p)
		ctx := context.Background()
		id := begin(t, a)
		entries := []JournalEntry{
			{Kind: Creating, ExternalID: "x1"},
			{Kind: Created, EventID: 101, ExternalID: "x1"},
			{Kind: Changed, EventID: 7, Original: json.RawMessage(`{"start_date_local":"2026-12-01T00:00:00"}`)},
		}
		if err := a.AppendJournal(ctx, id, t0, entries[:2]...); err != nil {
			t.Fatal(err)
		}
		if err := a.AppendJournal(ctx, id, t0, entries[2]); err != nil {
			t.Fatal(err)
		}
		// a dies; past its lease, b claims the journal.
		later := t0.Add(DefaultJournalLease + time.Second)
		j, err := b.ClaimJournal(ctx, later)
		if err != nil || j == nil {
			t.Fatalf("claim after the lease: %v, %v", j, err)
		}
		want := &Journal{ID: id, JournalStart: plan, Started: t0, Claims: 1, Entries: entries}
		if diff := cmp.Diff(want, j); diff != "" {
			t.Errorf("claimed journal (-want +got):\n%s", diff)
		}
		if err := a.AppendJournal(ctx, id, later, JournalEntry{Kind: Created, EventID: 102}); !errors.Is(err, ErrJournalLost) {
			t.Errorf("append by the first owner after the claim: %v, want ErrJournalLost", err)
		}
		if err := b.AppendJournal(ctx, id, later); err != nil {
			t.Errorf("lease renewal by the replica that claimed the journal: %v", err)
		}
		if err := b.FinishJournal(ctx, id, later, "rolled back", "your plan_sessions of 09:12 was interrupted and rolled back"); err != nil {
			t.Fatal(err)
		}
		if j, err := b.ClaimJournal(ctx, later.Add(time.Hour)); err != nil || j != nil {
			t.Errorf("claim of a finished journal: %v, %v; want none", j, err)
		}
		notices, err := a.TakeNotices(ctx, "alice")
		if err != nil {
			t.Fatal(err)
		}
		if len(notices) != 1 || notices[0].Text != "your plan_sessions of 09:12 was interrupted and rolled back" || !notices[0].Created.Equal(later) {
			t.Errorf("notices = %+v, want the one FinishJournal left", notices)
		}
		if notices, err := b.TakeNotices(ctx, "alice"); err != nil || len(notices) != 0 {
			t.Errorf("notices taken a second time: %+v, %v; want none", notices, err)
		}
	})
}

func TestJournalFinishedByOwnerLeavesNoNotice(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		id := begin(t, s)
		if err := s.FinishJournal(ctx, id, t0, "done", ""); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishJournal(ctx, id, t0, "done", ""); !errors.Is(err, ErrJournalLost) {
			t.Errorf("second finish: %v, want ErrJournalLost", err)
		}
		if n, err := s.TakeNotices(ctx, "alice"); err != nil || len(n) != 0 {
			t.Errorf("notices: %+v, %v; want none", n, err)
		}
	})
}

func TestJournalRejectsEntryWithoutKind(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		id := begin(t, s)
		if err := s.AppendJournal(context.Background(), id, t0, JournalEntry{EventID: 1}); err == nil {
			t.Error("append of an entry without a kind succeeded")
		}
	})
}

func TestJournalClaimRaceOneWinner(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		replicas := []*DB{open(t, p), open(t, p)}
		ctx := context.Background()
		writer := open(t, p)
		id := begin(t, writer)
		later := t0.Add(DefaultJournalLease + time.Second)
		var won atomic.Int32
		race(replicas, 8, func(s *DB) {
			j, err := s.ClaimJournal(ctx, later)
			if err != nil {
				t.Error(err)
			}
			if j != nil {
				won.Add(1)
				if j.ID != id {
					t.Errorf("claimed %s, want %s", j.ID, id)
				}
			}
		})
		if won.Load() != 1 {
			t.Errorf("16 claims at once on two replicas: %d won, want 1", won.Load())
		}
	})
}

func TestNoticeRaceDeliveredOnce(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		replicas := []*DB{open(t, p), open(t, p)}
		ctx := context.Background()
		s := replicas[0]
		id := begin(t, s)
		if err := s.FinishJournal(ctx, id, t0, "rolled back", "rolled back"); err != nil {
			t.Fatal(err)
		}
		var got atomic.Int32
		race(replicas, 8, func(s *DB) {
			n, err := s.TakeNotices(ctx, "alice")
			if err != nil {
				t.Error(err)
			}
			got.Add(int32(len(n)))
		})
		if got.Load() != 1 {
			t.Errorf("16 TakeNotices at once on two replicas delivered %d notices, want 1", got.Load())
		}
	})
}
