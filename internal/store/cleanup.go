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
	// oauthKept is how long an expired code or token, or a revoked one, stays: a late replay
	// is then told as such (a code's second use revokes its grant). A pending authorization
	// goes as soon as it expires: nothing reads an expired one.
	oauthKept = 24 * time.Hour
	// ClientUnusedKept is how long a registered client that never got a grant is kept;
	// ClientEndedKept how long one is kept after its last grant was seen (a client that
	// registered once and signs in again months later keeps its registration).
	ClientUnusedKept = 24 * time.Hour
	ClientEndedKept  = 90 * 24 * time.Hour
	// GraceMax bounds a refresh token's grace window: past it, the pair kept for a
	// concurrent refresh is erased, whatever the server's window.
	GraceMax = 5 * time.Minute
)

// Cleaned counts what one Cleanup deleted.
type Cleaned struct {
	Confirmations, Journals, Notices, Budgets int64
	OAuth                                     int64 // pending authorizations, codes, tokens, grants, clients, spent assertions
}

// Cleanup deletes, in one transaction, the confirmations expired more than an hour ago, the
// journals finished more than a week ago (their entries with them), the notices older than
// 30 days, the budgets that are full again (a full bucket is the same as none), the pending
// authorizations once expired, and the other OAuth rows expired or revoked more than a day
// ago (spent client assertions once they expire; grants once they have no token and no code
// left); the pairs kept for a refresh's grace window once it has passed. Clients: a cached
// metadata document once its cache lifetime has passed (only its name is kept while a grant
// names it, for the account page); a registered client ClientUnusedKept after it registered
// if it never got a grant, ClientEndedKept after its last grant was seen otherwise (never
// while an authorization of it is in flight).
func (s *DB) Cleanup(ctx context.Context, now time.Time) (Cleaned, error) {
	var c Cleaned
	t := us(now)
	err := s.tx(ctx, func(tx *sql.Tx) error {
		day := oauthKept.Microseconds()
		steps := []struct {
			n    *int64
			sql  string
			args []any
		}{
			{&c.Confirmations, `DELETE FROM confirmations WHERE expires_us < $1`, []any{t - confirmationKept.Microseconds()}},
			{nil, `DELETE FROM journal_entries WHERE journal_id IN (SELECT id FROM journals WHERE done_us < $1)`, []any{t - journalKept.Microseconds()}},
			{&c.Journals, `DELETE FROM journals WHERE done_us < $1`, []any{t - journalKept.Microseconds()}},
			{&c.Notices, `DELETE FROM notices WHERE created_us < $1`, []any{t - noticeKept.Microseconds()}},
			{&c.Budgets, `DELETE FROM budgets WHERE tat_us < $1`, []any{t}},
			{&c.OAuth, `DELETE FROM oauth_pending WHERE expires_us <= $1`, []any{t}},
			{&c.OAuth, `DELETE FROM oauth_codes WHERE expires_us < $1`, []any{t - day}},
			{&c.OAuth, `DELETE FROM oauth_tokens WHERE (expires_us <> 0 AND expires_us < $1) OR revoked_us < $1`, []any{t - day}},
			// Before any grant is deleted: the registered clients that have one are noted as
			// seen with a grant now (once a day at most, or at once for a client of before
			// granted_us, -1).
			{nil, `UPDATE oauth_clients SET granted_us = $1 WHERE metadata_doc = 0 AND (granted_us = -1
				OR (granted_us < $2 AND EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = oauth_clients.client_id)))`, []any{t, t - day}},
			{&c.OAuth, `DELETE FROM oauth_tokens WHERE grant_id IN (SELECT id FROM oauth_grants WHERE revoked_us < $1)`, []any{t - day}},
			{&c.OAuth, `DELETE FROM oauth_grants WHERE revoked_us < $1`, []any{t - day}},
			// A grant left with no token and no code (its code never redeemed, or all its
			// tokens expired and deleted above) can issue nothing again.
			{&c.OAuth, `DELETE FROM oauth_grants WHERE created_us < $1 AND NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = oauth_grants.id)
				AND NOT EXISTS (SELECT 1 FROM oauth_codes c WHERE c.grant_id = oauth_grants.id)`, []any{t - day}},
			{&c.OAuth, `DELETE FROM oauth_clients WHERE metadata_doc = 1 AND expires_us <= $1
				AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = oauth_clients.client_id)`, []any{t}},
			{nil, `UPDATE oauth_clients SET redirect_uris = '', jwks_uri = '', jwks = ''
				WHERE metadata_doc = 1 AND expires_us <= $1 AND (redirect_uris <> '' OR jwks_uri <> '' OR jwks <> '')`, []any{t}},
			{&c.OAuth, `DELETE FROM oauth_clients WHERE metadata_doc = 0
				AND ((granted_us = 0 AND created_us < $2) OR (granted_us > 0 AND granted_us < $3))
				AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = oauth_clients.client_id)
				AND NOT EXISTS (SELECT 1 FROM oauth_pending p WHERE p.client_id = oauth_clients.client_id AND p.expires_us > $1)`,
				[]any{t, t - ClientUnusedKept.Microseconds(), t - ClientEndedKept.Microseconds()}},
			{&c.OAuth, `DELETE FROM oauth_assertions WHERE expires_us <= $1`, []any{t}},
			{nil, `UPDATE oauth_tokens SET next_sealed = '' WHERE next_sealed <> '' AND used_us < $1`, []any{t - GraceMax.Microseconds()}},
		}
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, st.sql, st.args...)
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
