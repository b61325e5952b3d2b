package store

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestOpensAStoreOfModerncSQLite: a data directory written by the SQLite driver the store used
// before (modernc.org/sqlite v1.62.0) opens in place with the current one, migrates, and gives
// back everything written into it. testdata/README.md says how the file was made.
func TestOpensAStoreOfModerncSQLite(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Open("testdata/store-modernc-v1.62.db.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if _, err := raw.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), raw.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}

	s := open(t, place{dir: dir})
	ctx := context.Background()
	if want, got := migrationCount(t), count(t, s.db, versionTable+" WHERE version_id > 0"); got != want {
		t.Errorf("%d migrations recorded, want %d", got, want)
	}
	for pragma, want := range map[string]string{"integrity_check": "ok", "journal_mode": "wal"} {
		var got string
		if err := s.db.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q, %v; want %q", pragma, got, err, want)
		}
	}

	now := t0.Add(time.Hour)
	if err := s.TakeConfirmation(ctx, "JBJ42MH34OHKN5XUQBH4VXHU26", "caller-a", "hash-1", now); err != nil {
		t.Errorf("the confirmation: %v", err)
	}
	if ns, err := s.TakeNotices(ctx, "caller-a"); err != nil || len(ns) != 1 || ns[0].Text != "your move_sessions was rolled back" || !ns[0].Created.Equal(t0) {
		t.Errorf("the notices of caller-a: %+v, %v; want the rolled back move_sessions at t0", ns, err)
	}
	const journal = "U3FSVIWS5INRCVLA5RBZU6JVDM"
	if ps, err := s.PendingJournals(ctx, "caller-b"); err != nil || len(ps) != 1 || ps[0].ID != journal || ps[0].Mine {
		t.Errorf("the pending journals of caller-b: %+v, %v; want %s, not mine", ps, err, journal)
	}
	j, err := s.ClaimJournal(ctx, now)
	if err != nil || j == nil {
		t.Fatalf("claim the unfinished journal: %+v, %v", j, err)
	}
	wantStart := JournalStart{Caller: "caller-b", Tool: "plan_sessions", Athlete: "i1", Summary: "60 sessions 1-31 Dec", Intent: json.RawMessage(`{"weeks":4}`), CredentialAthlete: "i1"}
	if j.ID != journal || j.Caller != wantStart.Caller || j.Tool != wantStart.Tool || j.Athlete != wantStart.Athlete || j.Summary != wantStart.Summary ||
		string(j.Intent) != string(wantStart.Intent) || j.CredentialAthlete != wantStart.CredentialAthlete || !j.Started.Equal(t0) || j.Claims != 1 {
		t.Errorf("the claimed journal = %+v, want %s %+v started at t0, claimed once", j, journal, wantStart)
	}
	wantEntries := []JournalEntry{
		{Kind: Creating, ExternalID: "ext-1"},
		{Kind: Created, EventID: 42, ExternalID: "ext-1"},
		{Kind: Changed, EventID: 43, Original: json.RawMessage(`{"name":"Easy run"}`)},
	}
	if !slices.EqualFunc(j.Entries, wantEntries, func(a, b JournalEntry) bool {
		return a.Kind == b.Kind && a.EventID == b.EventID && a.ExternalID == b.ExternalID && string(a.Original) == string(b.Original)
	}) {
		t.Errorf("the journal's entries = %+v, want %+v", j.Entries, wantEntries)
	}
	if d, err := s.TakeBudget(ctx, t0, Bucket{Key: "cred:fixture", Rate: 0.001, Burst: 2}); err != nil || d.Allowed || d.Refused != "cred:fixture" {
		t.Errorf("a take from the emptied bucket: %+v, %v; want refused", d, err)
	}

	if c, err := s.Client(ctx, "c-fixture", now); err != nil || c.Name != "Fixture client" || !slices.Equal(c.RedirectURIs, []string{"https://a.example/cb", "http://127.0.0.1/cb"}) || !c.Created.Equal(t0) {
		t.Errorf("the client: %+v, %v", c, err)
	}
	if a, err := s.Athlete(ctx, "i1"); err != nil || a.Name != "Athlete One" || a.SealedToken != "sealed-fixture" || a.UpstreamScope != "ACTIVITY:READ" || !a.Updated.Equal(t0) {
		t.Errorf("the athlete: %+v, %v", a, err)
	}
	if gs, err := s.Grants(ctx, "i1", now); err != nil || len(gs) != 1 || gs[0].ID != "g-fixture" || gs[0].ClientName != "Fixture client" || gs[0].Scope != "intervals:read" {
		t.Errorf("the grants: %+v, %v", gs, err)
	}
	if tok, err := s.VerifyToken(ctx, "acc-fixture", now, KindAccess); err != nil || tok.GrantID != "g-fixture" || tok.AthleteID != "i1" || tok.Scope != "intervals:read" {
		t.Errorf("the access token: %+v, %v", tok, err)
	}
	if ts, err := s.PersonalTokens(ctx, "i1"); err != nil || len(ts) != 1 || ts[0].ID != "pat-id-1" || ts[0].Name != "laptop" {
		t.Errorf("the personal tokens: %+v, %v", ts, err)
	}
	if tok, err := s.VerifyToken(ctx, "pat-fixture", now, KindPersonal); err != nil || tok.ID != "pat-id-1" {
		t.Errorf("the personal token: %+v, %v", tok, err)
	}
	if p, err := s.Pending(ctx, "handle-fixture", now); err != nil || p.Purpose != "mcp" || !p.BindingMatches("cookie-fixture") || p.ClientID != "c-fixture" || p.Scope != "intervals:read" {
		t.Errorf("the pending authorization: %+v, %v", p, err)
	}
	if c, err := s.TakeCode(ctx, "code-fixture", now); err != nil || c.GrantID != "g-fixture" || c.RedirectURI != "https://a.example/cb" {
		t.Errorf("the code: %+v, %v", c, err)
	}
	if _, err := s.TakeCode(ctx, "code-fixture", now); !errors.Is(err, ErrUsed) {
		t.Errorf("the code a second time: %v, want ErrUsed", err)
	}

	// It takes writes, and closes clean (checkpointed: no WAL left), as before.
	tok, err := s.PutConfirmation(ctx, "caller-c", "hash-2", now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.FinishJournal(ctx, journal, now, "rolled back", ""); err != nil {
		t.Errorf("finish the claimed journal: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(filepath.Join(dir, FileName+suffix)); err == nil {
			t.Errorf("%s left after Close", FileName+suffix)
		}
	}
	s = open(t, place{dir: dir})
	if err := s.TakeConfirmation(ctx, tok, "caller-c", "hash-2", now); err != nil {
		t.Errorf("after a reopen, the confirmation put before it: %v", err)
	}
}
