package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// Budgets are token buckets shared by every replica: the upstream budget of one credential
// (Intervals.icu's 10 requests/s, a small burst) under one for the whole deployment.
type Budgets interface {
	// TakeBudget takes one token from every bucket, in order, or from none: a bucket that is
	// empty refuses, the tokens already taken from the buckets before it are given back, and
	// the decision says which bucket refused and when to try again. Each bucket is one SQL
	// statement (one round trip), atomic across replicas; a refusal costs one more.
	TakeBudget(ctx context.Context, now time.Time, buckets ...Bucket) (Decision, error)
	// LeaseBudget takes up to n tokens of b at once (one statement), as many as it holds now
	// (at most its burst): got 0 is a refusal, retryAfter then says when it has one. A
	// replica spends the tokens it leased in memory (Upstream).
	LeaseBudget(ctx context.Context, now time.Time, b Bucket, n int) (got int, retryAfter time.Duration, err error)
}

// Bucket is a token bucket: Rate tokens a second, up to Burst at once.
type Bucket struct {
	Key   string // e.g. "cred:" + the caller key, or "global"
	Rate  float64
	Burst int
}

// Decision is TakeBudget's answer.
type Decision struct {
	Allowed    bool
	RetryAfter time.Duration // when refused: how long until the refusing bucket has a token
	Refused    string        // when refused: the refusing bucket's key
}

// A bucket is kept as GCRA's theoretical arrival time, tat: a request at now is allowed when
// tat - tolerance <= now, tolerance being (burst-1) intervals, and moves tat to
// max(tat, now) + interval. One conditional upsert does both atomically; it returns no row
// when it refuses.

// interval is a bucket's emission interval and tolerance, in microseconds.
func (b Bucket) interval() (step, tolerance int64, err error) {
	if !(b.Rate > 0) || b.Burst < 1 || b.Key == "" {
		return 0, 0, fmt.Errorf("store: bucket %q has rate %v and burst %d: it needs a key, a rate above 0 and a burst of 1 or more", b.Key, b.Rate, b.Burst)
	}
	step = int64(math.Round(1e6 / b.Rate))
	if step < 1 {
		step = 1
	}
	return step, step * int64(b.Burst-1), nil
}

func (s *DB) TakeBudget(ctx context.Context, now time.Time, buckets ...Bucket) (Decision, error) {
	t := us(now)
	for i, b := range buckets {
		step, tol, err := b.interval()
		if err != nil {
			return Decision{}, err
		}
		var tat int64
		err = s.db.QueryRowContext(ctx, `INSERT INTO budgets (key, tat_us) VALUES ($1, $2)
			ON CONFLICT (key) DO UPDATE SET tat_us = `+s.d.greatest+`(budgets.tat_us, $3) + $4
			WHERE budgets.tat_us - $5 <= $3
			RETURNING tat_us`, b.Key, t+step, t, step, tol).Scan(&tat)
		if err == nil {
			continue
		}
		if gerr := s.giveBack(ctx, buckets[:i]); !errors.Is(err, sql.ErrNoRows) {
			return Decision{}, errors.Join(fmt.Errorf("store: take from budget %s: %w", b.Key, err), gerr)
		} else if gerr != nil {
			return Decision{}, gerr
		}
		d := Decision{Refused: b.Key}
		// A second look for the wait; the bucket may have moved since, which only changes the hint.
		if err := s.db.QueryRowContext(ctx, `SELECT tat_us FROM budgets WHERE key = $1`, b.Key).Scan(&tat); err == nil {
			d.RetryAfter = max(time.Duration(tat-tol-t)*time.Microsecond, 0)
		}
		return d, nil
	}
	return Decision{Allowed: true}, nil
}

func (s *DB) LeaseBudget(ctx context.Context, now time.Time, b Bucket, n int) (int, time.Duration, error) {
	step, tol, err := b.interval()
	if err != nil {
		return 0, 0, err
	}
	n = max(1, min(n, b.Burst))
	t := us(now)
	// A bucket seen for the first time is full: it gives n. Else, with t0 the later of its
	// tat and now, it holds (t + tol - t0)/step + 1 tokens when tat - tol <= now.
	held := `(CAST($2 AS BIGINT) + $5 - ` + s.d.greatest + `(budgets.tat_us, $2)) / $4 + 1`
	// One statement, one round trip (a kept statement on PostgreSQL). A lease lost to a crash
	// of the database costs a bucket at most one batch, so its commit need not wait for the
	// disk (a write per batch on the path of every read): on PostgreSQL the row comes from a
	// SELECT that turns synchronous_commit off for the statement's own transaction.
	row := `VALUES ($1, $6, $3)`
	if s.d.lazyCommit {
		row = `SELECT CAST($1 AS TEXT), CAST($6 AS BIGINT), CAST($3 AS INTEGER) FROM (SELECT set_config('synchronous_commit', 'off', true)) AS lazy`
	}
	var got int
	err = s.db.QueryRowContext(ctx, `INSERT INTO budgets (key, tat_us, taken) `+row+`
		ON CONFLICT (key) DO UPDATE SET
			taken = `+s.d.least+`($3, `+held+`),
			tat_us = `+s.d.greatest+`(budgets.tat_us, $2) + $4 * `+s.d.least+`($3, `+held+`)
		WHERE budgets.tat_us - $5 <= $2
		RETURNING taken`, b.Key, t, n, step, tol, t+int64(n)*step).Scan(&got)
	switch {
	case err == nil:
		return got, 0, nil
	case !errors.Is(err, sql.ErrNoRows):
		return 0, 0, fmt.Errorf("store: lease from budget %s: %w", b.Key, err)
	}
	var tat int64
	if err := s.db.QueryRowContext(ctx, `SELECT tat_us FROM budgets WHERE key = $1`, b.Key).Scan(&tat); err != nil {
		return 0, 0, fmt.Errorf("store: lease from budget %s: %w", b.Key, err)
	}
	return 0, max(time.Duration(tat-tol-t)*time.Microsecond, time.Microsecond), nil
}

// giveBack returns the token just taken from each of buckets.
func (s *DB) giveBack(ctx context.Context, buckets []Bucket) error {
	for _, b := range buckets {
		step, _, _ := b.interval()
		if _, err := s.db.ExecContext(ctx, `UPDATE budgets SET tat_us = tat_us - $2 WHERE key = $1`, b.Key, step); err != nil {
			return fmt.Errorf("store: give back to budget %s: %w", b.Key, err)
		}
	}
	return nil
}
