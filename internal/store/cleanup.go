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
)

// Cleaned counts what one Cleanup deleted.
type Cleaned struct {
	Confirmations, Journals, Notices, Budgets int64
}

// Cleanup deletes, in one transaction, the confirmations expired more than an hour ago, the
// journals finished more than a week ago (their entries with them), the notices older than
// 30 days and the budgets that are full again (a full bucket is the same as none).
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
		}
		for _, st := range steps {
			res, err := tx.ExecContext(ctx, st.sql, st.arg)
			if err != nil {
				return err
			}
			if st.n != nil {
				*st.n, _ = res.RowsAffected()
			}
		}
		return nil
	})
	if err != nil {
		return Cleaned{}, fmt.Errorf("store: clean up: %w", err)
	}
	return c, nil
}
