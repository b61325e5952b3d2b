package store

import (
	"context"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"
)

// signalsNow reads s's signals as of now.
func signalsNow(t *testing.T, s *DB) Signals {
	t.Helper()
	v, err := s.Signals(context.Background(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Every change that can end a token's validity, or change what a verified token carries
// (the athlete's sealed Intervals.icu token), moves Revocations, as read on another replica;
// reads and verifications move nothing.
func TestSignalsMoveWithEveryRevocation(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, other, ctx := open(t, p), open(t, p), context.Background()
		g := grantFor(t, s, "g1", "intervals:read")
		if _, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []Token{
			{Kind: KindPersonal, ID: "pat1", AthleteID: "i1", Scope: "intervals:read", Name: "a", Created: t0},
			{Kind: KindPersonal, ID: "pat2", AthleteID: "i1", Scope: "intervals:read", Name: "b", Created: t0},
		} {
			if err := s.PutToken(ctx, tok.ID, tok); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.PutToken(ctx, "sess", Token{Kind: KindSession, ID: "s1", AthleteID: "i1", Created: t0}); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name   string
			change func() error
		}{
			{"a personal token revoked by id", func() error { _, err := s.RevokeTokenID(ctx, "pat1", "", t0); return err }},
			{"a personal token revoked by its text", func() error { _, err := s.RevokeToken(ctx, "pat2", "", t0); return err }},
			{"a grant revoked through its token", func() error { _, err := s.RevokeToken(ctx, "ref-1", "c-g1", t0); return err }},
			{"an athlete's Intervals.icu token replaced", func() error {
				return s.PutAthlete(ctx, Athlete{ID: "i1", Name: "A", SealedToken: "sealed again", Updated: t0})
			}},
			{"an athlete forgotten", func() error { _, err := s.ForgetAthlete(ctx, "i1", t0); return err }},
		}
		for _, st := range steps {
			before := signalsNow(t, other)
			if _, err := other.VerifyToken(ctx, "acc-1", t0, KindAccess); err != nil && st.name == steps[0].name {
				t.Fatal(err)
			}
			if got := signalsNow(t, other); got != before {
				t.Fatalf("a verification moved the signals: %+v -> %+v", before, got)
			}
			if err := st.change(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if got := signalsNow(t, other); got.Revocations <= before.Revocations || got.Journals != before.Journals {
				t.Errorf("%s: signals %+v -> %+v, want Revocations moved alone", st.name, before, got)
			}
		}
		g2 := grantFor(t, s, "g2", "intervals:read")
		before := signalsNow(t, other)
		if err := s.RevokeGrant(ctx, g2, "", t0); err != nil {
			t.Fatal(err)
		}
		if got := signalsNow(t, other); got.Revocations <= before.Revocations {
			t.Errorf("a grant revoked on the account page: signals %+v -> %+v", before, got)
		}
	})
}

// A journal begun and a notice left move Journals; PendingCallers lists the callers with an
// unfinished journal or a notice not yet taken.
func TestSignalsMoveWithJournalsAndNotices(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, other, ctx := open(t, p), open(t, p), context.Background()
		pending := func(want ...string) {
			t.Helper()
			got, err := other.PendingCallers(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, want) {
				t.Errorf("PendingCallers = %v, want %v", keys, want)
			}
		}
		pending()
		before := signalsNow(t, other)
		id, err := s.BeginJournal(ctx, JournalStart{Caller: "alice", Tool: "plan_sessions", Athlete: "i1", Summary: "s"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		afterBegin := signalsNow(t, other)
		if afterBegin.Journals <= before.Journals || afterBegin.Revocations != before.Revocations {
			t.Errorf("a journal begun: signals %+v -> %+v, want Journals moved alone", before, afterBegin)
		}
		pending("alice")
		if err := s.AppendJournal(ctx, id, t0, JournalEntry{Kind: Created, EventID: 1}); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishJournal(ctx, id, t0, "rolled back", "your plan was rolled back"); err != nil {
			t.Fatal(err)
		}
		if got := signalsNow(t, other); got.Journals <= afterBegin.Journals {
			t.Errorf("a notice left: signals %+v -> %+v, want Journals moved", afterBegin, got)
		}
		pending("alice") // the notice
		if _, err := other.TakeNotices(ctx, "alice"); err != nil {
			t.Fatal(err)
		}
		pending()
	})
}

// A read started before the request arrived never answers it: Signals(notBefore) waits for
// a read of its own or one started after notBefore, so a change committed on another replica
// before the request is seen; requests that arrive together share one read.
func TestSignalsSeeWhatCameBefore(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, other, ctx := open(t, p), open(t, p), context.Background()
		first := signalsNow(t, other)
		if _, err := s.BeginJournal(ctx, JournalStart{Caller: "bob", Tool: "move_sessions", Athlete: "i1", Summary: "s"}, t0); err != nil {
			t.Fatal(err)
		}
		arrived := time.Now()
		var wg sync.WaitGroup
		seen := make([]Signals, 20)
		reads := other.Statements().Reads
		for i := range seen {
			wg.Go(func() {
				v, err := other.Signals(ctx, arrived)
				if err != nil {
					t.Error(err)
				}
				seen[i] = v
			})
		}
		wg.Wait()
		for _, v := range seen {
			if v.Journals <= first.Journals {
				t.Fatalf("a request after the journal began read %+v, the signals from before (%+v)", v, first)
			}
		}
		if _, err := other.Signals(ctx, arrived); err != nil { // one more, after the others
			t.Fatal(err)
		}
		if n := other.Statements().Reads - reads; n != 1 {
			t.Errorf("%d requests that arrived together read the signals %d times, want one read shared", len(seen)+1, n)
		}
	})
}
