package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Journals are the write journals of the multi-event calendar writes. The replica that writes
// begins a journal with its intent, appends what it did before and after each upstream
// request, renews its lease while it works, and finishes it. A journal left unfinished (the
// replica died) is claimed by another replica (or the next process) once its owner is known
// dead (owner.go) or its lease has passed, rolled back from its entries and finished with a
// notice for the caller, which the caller's next call takes.
type Journals interface {
	// BeginJournal starts a journal owned by this replica until now + the lease.
	BeginJournal(ctx context.Context, start JournalStart, now time.Time) (id string, err error)
	// AppendJournal records entries (none: only renews the lease). ErrJournalLost means the
	// journal is no longer this replica's: another claimed it after the lease passed, or it is
	// finished; the writer must stop writing.
	AppendJournal(ctx context.Context, id string, now time.Time, entries ...JournalEntry) error
	// FinishJournal marks the journal done with outcome (a word or two: "done", "rolled
	// back", "incomplete"); a non-empty notice is kept for the journal's caller.
	FinishJournal(ctx context.Context, id string, now time.Time, outcome, notice string) error
	// ClaimJournal claims the oldest unfinished journal whose lease has passed or whose owner
	// is known dead, for this replica until now + the lease, and returns it with its entries;
	// nil when there is none. Of replicas claiming at once, exactly one gets a given journal.
	ClaimJournal(ctx context.Context, now time.Time) (*Journal, error)
	// ClaimCallerJournal is ClaimJournal among caller's journals only.
	ClaimCallerJournal(ctx context.Context, now time.Time, caller string) (*Journal, error)
	// PendingJournals lists caller's unfinished journals.
	PendingJournals(ctx context.Context, caller string) ([]PendingJournal, error)
	// TakeNotices returns caller's notices and deletes them: each is delivered once.
	TakeNotices(ctx context.Context, caller string) ([]Notice, error)
}

// JournalStart is what a journal is about.
type JournalStart struct {
	Caller  string          // the caller key (as for confirmations): the notice goes there
	Tool    string          // plan_sessions, move_sessions, copy_sessions ...
	Athlete string          // the athlete whose calendar is written
	Summary string          // what it intends, in words, for the notice ("60 sessions 1-31 Dec")
	Intent  json.RawMessage // what it intends, for a recovery that would finish it (optional)
	// CredentialAthlete is the signed-in athlete (OAuth grant or personal token) whose
	// Intervals.icu token the write runs under, never a token; "" the server's own credential.
	CredentialAthlete string
}

// Journal is a journal claimed for recovery.
type Journal struct {
	ID string
	JournalStart
	Started time.Time
	Claims  int // how many times it was claimed, this claim included
	Entries []JournalEntry
}

// EntryKind says what an entry records. Its zero value is invalid.
type EntryKind string

const (
	// Creating: a create was sent for an event with this external id; its id is not known yet.
	Creating EntryKind = "creating"
	// Created: the event with this id was created.
	Created EntryKind = "created"
	// Changed: the event with this id was changed; Original holds the original values of the
	// fields changed (a JSON object), which put it back.
	Changed EntryKind = "changed"
)

// JournalEntry is one thing a write did (or was about to do) upstream.
type JournalEntry struct {
	Kind       EntryKind
	EventID    int64
	ExternalID string
	Original   json.RawMessage
}

// PendingJournal is an unfinished journal: its ID, and whether this replica owns it (Mine:
// a write of this process, or a journal it has claimed).
type PendingJournal struct {
	ID   string
	Mine bool
	// Tool and Summary say what the write does (JournalStart), for a caller told that it is
	// still being written or rolled back.
	Tool, Summary string
}

// Notice is a message kept for a caller.
type Notice struct {
	Text    string
	Created time.Time
}

// ErrJournalLost: the journal is not (or no longer) this replica's to write.
var ErrJournalLost = errors.New("store: the journal is no longer this replica's (finished, or claimed by another after its lease passed)")

func (s *DB) BeginJournal(ctx context.Context, start JournalStart, now time.Time) (string, error) {
	id := rand.Text()
	s.markPending() // before the journal: a writer killed after this leaves the marker
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO journals (id, caller, tool, athlete, summary, intent, started_us, claimed_by, lease_us, credential_athlete)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			id, start.Caller, start.Tool, start.Athlete, start.Summary, string(start.Intent), us(now), s.id, us(now.Add(s.lease)), start.CredentialAthlete); err != nil {
			return err
		}
		return signal(ctx, tx, "journals")
	})
	if err != nil {
		return "", fmt.Errorf("store: begin a journal: %w", err)
	}
	return id, nil
}

func (s *DB) AppendJournal(ctx context.Context, id string, now time.Time, entries ...JournalEntry) error {
	for _, e := range entries {
		switch e.Kind {
		case Creating, Created, Changed:
		default:
			return fmt.Errorf("store: a journal entry of kind %q: use Creating, Created or Changed", e.Kind)
		}
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := s.renew(ctx, tx, id, now); err != nil {
			return err
		}
		if len(entries) == 0 {
			return nil
		}
		var next int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) + 1 FROM journal_entries WHERE journal_id = $1`, id).Scan(&next); err != nil {
			return err
		}
		q := strings.Builder{}
		q.WriteString(`INSERT INTO journal_entries (journal_id, seq, kind, event_id, external_id, original) VALUES `)
		args := []any{id}
		for i, e := range entries {
			if i > 0 {
				q.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&q, "($1, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5)
			args = append(args, next+i, string(e.Kind), e.EventID, e.ExternalID, string(e.Original))
		}
		_, err := tx.ExecContext(ctx, q.String(), args...)
		return err
	})
	if err != nil && !errors.Is(err, ErrJournalLost) {
		return fmt.Errorf("store: append to journal %s: %w", id, err)
	}
	return err
}

// renew extends this replica's lease on an unfinished journal, or returns ErrJournalLost.
func (s *DB) renew(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE journals SET lease_us = $3 WHERE id = $1 AND claimed_by = $2 AND done_us IS NULL`,
		id, s.id, us(now.Add(s.lease)))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrJournalLost
	}
	return nil
}

func (s *DB) FinishJournal(ctx context.Context, id string, now time.Time, outcome, notice string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE journals SET done_us = $3, outcome = $4 WHERE id = $1 AND claimed_by = $2 AND done_us IS NULL`,
			id, s.id, us(now), outcome)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrJournalLost
		}
		if notice == "" {
			return nil
		}
		s.markPending()
		if _, err = tx.ExecContext(ctx, `INSERT INTO notices (id, caller, text, created_us) SELECT $1, caller, $2, $3 FROM journals WHERE id = $4`,
			rand.Text(), notice, us(now), id); err != nil {
			return err
		}
		return signal(ctx, tx, "journals")
	})
	if err != nil && !errors.Is(err, ErrJournalLost) {
		return fmt.Errorf("store: finish journal %s: %w", id, err)
	}
	return err
}

func (s *DB) ClaimJournal(ctx context.Context, now time.Time) (*Journal, error) {
	return s.claim(ctx, now, "")
}

func (s *DB) ClaimCallerJournal(ctx context.Context, now time.Time, caller string) (*Journal, error) {
	if caller == "" {
		return nil, errors.New("store: claim a caller's journal: no caller given")
	}
	return s.claim(ctx, now, caller)
}

// claim claims the oldest claimable journal (of caller, unless ""): unfinished, and its lease
// passed or its owner dead.
func (s *DB) claim(ctx context.Context, now time.Time, caller string) (*Journal, error) {
	dead, err := s.deadOwners(ctx, now, caller)
	if err != nil {
		return nil, fmt.Errorf("store: claim a journal: %w", err)
	}
	args := []any{s.id, us(now.Add(s.lease)), us(now), caller}
	claimable := "done_us IS NULL AND ($4 = '' OR caller = $4) AND (lease_us < $3"
	if len(dead) > 0 {
		ph := make([]string, len(dead))
		for i, o := range dead {
			args = append(args, o)
			ph[i] = fmt.Sprintf("$%d", len(args))
		}
		claimable += " OR claimed_by IN (" + strings.Join(ph, ", ") + ")"
	}
	claimable += ")"
	// The conditions are repeated outside the subquery: PostgreSQL checks them again on the
	// row it locked, so a replica that lost the race updates nothing.
	var j Journal
	var intent string
	var started int64
	err = s.db.QueryRowContext(ctx, `UPDATE journals SET claimed_by = $1, lease_us = $2, claims = claims + 1
		WHERE `+claimable+` AND id = (
			SELECT id FROM journals WHERE `+claimable+` ORDER BY started_us, id LIMIT 1`+s.d.skipLocked+`)
		RETURNING id, caller, tool, athlete, summary, intent, started_us, claims, credential_athlete`, args...).
		Scan(&j.ID, &j.Caller, &j.Tool, &j.Athlete, &j.Summary, &intent, &started, &j.Claims, &j.CredentialAthlete)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: claim a journal: %w", err)
	}
	if intent != "" {
		j.Intent = json.RawMessage(intent)
	}
	j.Started = time.UnixMicro(started)
	rows, err := s.db.QueryContext(ctx, `SELECT kind, event_id, external_id, original FROM journal_entries WHERE journal_id = $1 ORDER BY seq`, j.ID)
	if err != nil {
		return nil, fmt.Errorf("store: read journal %s: %w", j.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var e JournalEntry
		var kind, orig string
		if err := rows.Scan(&kind, &e.EventID, &e.ExternalID, &orig); err != nil {
			return nil, fmt.Errorf("store: read journal %s: %w", j.ID, err)
		}
		e.Kind = EntryKind(kind)
		if orig != "" {
			e.Original = json.RawMessage(orig)
		}
		j.Entries = append(j.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: read journal %s: %w", j.ID, err)
	}
	return &j, nil
}

// deadOwners are the owners, known dead, of unfinished journals (of caller, unless "") whose
// lease has not passed yet.
func (s *DB) deadOwners(ctx context.Context, now time.Time, caller string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT claimed_by FROM journals
		WHERE done_us IS NULL AND lease_us >= $1 AND claimed_by <> $2 AND ($3 = '' OR caller = $3)`, us(now), s.id, caller)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			return nil, err
		}
		if s.ownerDead(o) {
			out = append(out, o)
		}
	}
	return out, rows.Err()
}

func (s *DB) PendingJournals(ctx context.Context, caller string) ([]PendingJournal, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, claimed_by, tool, summary FROM journals WHERE done_us IS NULL AND caller = $1 ORDER BY started_us, id`, caller)
	if err != nil {
		return nil, fmt.Errorf("store: a caller's unfinished journals: %w", err)
	}
	defer rows.Close()
	var out []PendingJournal
	for rows.Next() {
		var p PendingJournal
		var o string
		if err := rows.Scan(&p.ID, &o, &p.Tool, &p.Summary); err != nil {
			return nil, fmt.Errorf("store: a caller's unfinished journals: %w", err)
		}
		p.Mine = o == s.id
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: a caller's unfinished journals: %w", err)
	}
	return out, nil
}

func (s *DB) TakeNotices(ctx context.Context, caller string) ([]Notice, error) {
	rows, err := s.db.QueryContext(ctx, `DELETE FROM notices WHERE caller = $1 RETURNING text, created_us`, caller)
	if err != nil {
		return nil, fmt.Errorf("store: take notices: %w", err)
	}
	defer rows.Close()
	var out []Notice
	for rows.Next() {
		var n Notice
		var created int64
		if err := rows.Scan(&n.Text, &created); err != nil {
			return nil, fmt.Errorf("store: take notices: %w", err)
		}
		n.Created = time.UnixMicro(created)
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: take notices: %w", err)
	}
	slices.SortFunc(out, func(a, b Notice) int { return a.Created.Compare(b.Created) })
	return out, nil
}
