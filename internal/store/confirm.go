package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Confirmations are the range-delete confirmation tokens: a preview puts one, the confirming
// call takes it, once. A token is bound to the caller that previewed and to the preview's
// content hash; only its SHA-256 is stored.
type Confirmations interface {
	// PutConfirmation returns a new token for caller's preview of content, valid until expires.
	PutConfirmation(ctx context.Context, caller, contentHash string, expires time.Time) (token string, err error)
	// TakeConfirmation consumes token if caller previewed it, the content is unchanged and it
	// has not expired by now; it succeeds once. Otherwise it returns one of the
	// ErrConfirmation* errors and consumes nothing.
	TakeConfirmation(ctx context.Context, token, caller, contentHash string, now time.Time) error
}

// The ways TakeConfirmation fails, each with its own remedy for the tool to say.
var (
	ErrConfirmationUnknown = errors.New("store: no such confirmation token (never issued, or long expired)")
	ErrConfirmationCaller  = errors.New("store: the confirmation token was issued to another caller")
	ErrConfirmationUsed    = errors.New("store: the confirmation token was already used")
	ErrConfirmationExpired = errors.New("store: the confirmation token has expired")
	ErrConfirmationChanged = errors.New("store: the confirmation token was issued for other content")
)

// confirmationKept is how long a used or expired token stays, so that a late or second use is
// told as such rather than as unknown.
const confirmationKept = time.Hour

func (s *DB) PutConfirmation(ctx context.Context, caller, contentHash string, expires time.Time) (string, error) {
	token := rand.Text()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO confirmations (token_hash, caller, content_hash, expires_us) VALUES ($1, $2, $3, $4)`,
		hashToken(token), caller, contentHash, us(expires)); err != nil {
		return "", fmt.Errorf("store: put a confirmation: %w", err)
	}
	return token, nil
}

func (s *DB) TakeConfirmation(ctx context.Context, token, caller, contentHash string, now time.Time) error {
	h := hashToken(token)
	res, err := s.db.ExecContext(ctx, `UPDATE confirmations SET used_us = $4
		WHERE token_hash = $1 AND caller = $2 AND content_hash = $3 AND used_us IS NULL AND expires_us > $4`,
		h, caller, contentHash, us(now))
	if err != nil {
		return fmt.Errorf("store: take a confirmation: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	// Not taken: say why. A caller that does not own the token learns nothing more.
	var owner, content string
	var expires int64
	var used sql.NullInt64
	err = s.db.QueryRowContext(ctx, `SELECT caller, content_hash, expires_us, used_us FROM confirmations WHERE token_hash = $1`, h).
		Scan(&owner, &content, &expires, &used)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrConfirmationUnknown
	case err != nil:
		return fmt.Errorf("store: read a confirmation: %w", err)
	case owner != caller:
		return ErrConfirmationCaller
	case used.Valid:
		return ErrConfirmationUsed
	case expires <= us(now):
		return ErrConfirmationExpired
	case content != contentHash:
		return ErrConfirmationChanged
	}
	return fmt.Errorf("store: the confirmation could not be taken, though it looks valid: try again")
}
