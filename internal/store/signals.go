package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// Signals are what a replica reads to know that something it keeps in memory has changed
// in the store, on any replica, without a query per thing: one row, read at most once per
// request and shared by the requests that arrive while it is read.
type Signals struct {
	// Revocations moves with every change that can end a bearer token's validity (a token, a
	// grant or a connection revoked, an athlete forgotten) or change an athlete's sealed
	// Intervals.icu token: a replica's verified tokens are verified again.
	Revocations int64
	// Journals moves with every journal begun and every notice left for a caller: a
	// replica's record of the callers with unfinished journals or notices is read again.
	Journals int64
}

// Signaller reads the signals.
type Signaller interface {
	// Signals reads the signals as they were at notBefore or later: a read started at or
	// after notBefore (one in flight, or the last one done, may serve), so that every change
	// committed before notBefore is seen. Give the time the request arrived.
	Signals(ctx context.Context, notBefore time.Time) (Signals, error)
	// PendingCallers lists the callers with an unfinished journal or a notice, as of the signals
	// read (after them): what a replica keeps to skip the journal queries of the others.
	PendingCallers(ctx context.Context) (map[string]bool, error)
}

// signalReads shares the signals' reads between the requests that arrive together: a
// request waits for the read in flight if it started after the request arrived, or starts
// one of its own.
type signalReads struct {
	mu       sync.Mutex
	last     *signalRead // the latest read that succeeded
	inFlight *signalRead // the latest read started, until it ends
}

type signalRead struct {
	start time.Time
	done  chan struct{}
	v     Signals
	err   error
}

func (s *DB) Signals(ctx context.Context, notBefore time.Time) (Signals, error) {
	r := &s.signals
	r.mu.Lock()
	if l := r.last; l != nil && !l.start.Before(notBefore) {
		r.mu.Unlock()
		return l.v, nil
	}
	if f := r.inFlight; f != nil && !f.start.Before(notBefore) {
		r.mu.Unlock()
		select {
		case <-f.done:
			return f.v, f.err
		case <-ctx.Done():
			return Signals{}, ctx.Err()
		}
	}
	f := &signalRead{start: time.Now(), done: make(chan struct{})}
	r.inFlight = f
	r.mu.Unlock()
	// Its waiters need its answer even if this request goes: a short deadline of its own.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	err := s.db.QueryRowContext(rctx, `SELECT revocations, journals FROM signals WHERE id = 1`).Scan(&f.v.Revocations, &f.v.Journals)
	cancel()
	if err != nil {
		f.err = fmt.Errorf("store: read the signals: %w", err)
	}
	r.mu.Lock()
	if f.err == nil && (r.last == nil || f.start.After(r.last.start)) {
		r.last = f
	}
	if r.inFlight == f {
		r.inFlight = nil
	}
	r.mu.Unlock()
	close(f.done)
	return f.v, f.err
}

func (s *DB) PendingCallers(ctx context.Context) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT caller FROM journals WHERE done_us IS NULL UNION SELECT caller FROM notices`)
	if err != nil {
		return nil, fmt.Errorf("store: the callers with work pending: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, fmt.Errorf("store: the callers with work pending: %w", err)
		}
		out[c] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: the callers with work pending: %w", err)
	}
	return out, nil
}

// signal moves one of the signals (column: revocations or journals) in tx, the transaction
// of the change it signals.
func signal(ctx context.Context, tx *sql.Tx, column string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE signals SET `+column+` = `+column+` + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("signal %s: %w", column, err)
	}
	return nil
}
