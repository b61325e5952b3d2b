package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// How long finished things are kept.
const (
	journalKept = 7 * 24 * time.Hour  // finished journals, for a look after the fact
	noticeKept  = 30 * 24 * time.Hour // notices never taken (the caller did not come back)
	// oauthKept is how long an expired code, pending authorization or token, or a revoked
	// one, stays: a late replay is then told as such (a code's second use revokes its grant).
	oauthKept = 24 * time.Hour
	// GraceMax bounds a refresh token's grace window: past it, the pair kept for a
	// concurrent refresh is erased, whatever the server's window.
	GraceMax = 5 * time.Minute
)

// Cleaned counts what one Cleanup deleted.
type Cleaned struct {
	Confirmations, Journals, Notices, Budgets int64
	OAuth                                     int64 // pending authorizations, codes, tokens, grants, cached client documents, spent assertions
}

// Cleanup deletes, in one transaction, the confirmations expired more than an hour ago, the
// journals finished more than a week ago (their entries with them), the notices older than
// 30 days, the budgets that are full again (a full bucket is the same as none), and the OAuth
// rows expired or revoked more than a day ago (cached client documents a month after they
// expired, spent client assertions once they expire; grants once they have no token and no
// code left); the pairs kept for a refresh's grace window once it has passed.
func (s *DB) Cleanup(ctx context.Context, now time.Time) (Cleaned, error) {
	var c Cleaned
	t := us(now)
	err := s.tx(ctx, func(tx *sql.Tx) error {
		steps := []struct {
			n   *int64
			sql string
			arg int64
		}{
			{&c.Confirmations, `DELETE FROM confirmations WHERE expires_us < $1`, t - confirmationKept.Microseconds()},
			{nil, `DELETE FROM journal_entries WHERE journal_id IN (SELECT id FROM journals WHERE done_us < $1)`, t - journalKept.Microseconds()},
			{&c.Journals, `DELETE FROM journals WHERE done_us < $1`, t - journalKept.Microseconds()},
			{&c.Notices, `DELETE FROM notices WHERE created_us < $1`, t - noticeKept.Microseconds()},
			{&c.Budgets, `DELETE FROM budgets WHERE tat_us < $1`, t},
			{&c.OAuth, `DELETE FROM oauth_pending WHERE expires_us < $1`, t - oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_codes WHERE expires_us < $1`, t - oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_tokens WHERE (expires_us <> 0 AND expires_us < $1) OR revoked_us < $1`, t - oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_tokens WHERE grant_id IN (SELECT id FROM oauth_grants WHERE revoked_us < $1)`, t - oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_grants WHERE revoked_us < $1`, t - oauthKept.Microseconds()},
			// A grant left with no token and no code (its code never redeemed, or all its
			// tokens expired and deleted above) can issue nothing again.
			{&c.OAuth, `DELETE FROM oauth_grants WHERE created_us < $1 AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = oauth_grants.id)
				AND NOT EXISTS (SELECT 1 FROM oauth_codes c WHERE c.grant_id = oauth_grants.id)`, t - oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_clients WHERE metadata_doc = 1 AND expires_us < $1`, t - 30*oauthKept.Microseconds()},
			{&c.OAuth, `DELETE FROM oauth_assertions WHERE expires_us <= $1`, t},
			{nil, `UPDATE oauth_tokens SET next_sealed = '' WHERE next_sealed <> '' AND used_us < $1`, t - GraceMax.Microseconds()},
		}
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, st.sql, st.arg)
			if err != nil {
				return err
			}
			if st.n != nil {
				n, _ := res.RowsAffected()
				*st.n += n
			}
		}
		return nil
	})
	if err != nil {
		return Cleaned{}, fmt.Errorf("store: clean up: %w", err)
	}
	return c, nil
}
