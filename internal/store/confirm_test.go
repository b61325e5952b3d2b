package store

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// put puts alice's confirmation of content h1 on s, valid until 10 minutes after t0.
func put(t *testing.T, s *DB) string {
	t.Helper()
	tok, err := s.PutConfirmation(context.Background(), "alice", "h1", t0.Add(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestConfirmationTakenOnce(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		tok := put(t, s)
		if err := s.TakeConfirmation(ctx, tok, "alice", "h1", t0); err != nil {
			t.Fatalf("first Take: %v", err)
		}
		if err := s.TakeConfirmation(ctx, tok, "alice", "h1", t0); !errors.Is(err, ErrConfirmationUsed) {
			t.Errorf("second Take: %v, want ErrConfirmationUsed", err)
		}
	})
}

func TestConfirmationFailures(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		exp := t0.Add(10 * time.Minute)
		for _, c := range []struct {
			name                string
			token, caller, hash string
			now                 time.Time
			want                error
		}{
			{"unknown token", "nope", "alice", "h1", t0, ErrConfirmationUnknown},
			{"another caller", "", "bob", "h1", t0, ErrConfirmationCaller},
			{"expired", "", "alice", "h1", exp, ErrConfirmationExpired},
			{"other content", "", "alice", "h2", t0, ErrConfirmationChanged},
		} {
			tok, err := s.PutConfirmation(ctx, "alice", "h1", exp)
			if err != nil {
				t.Fatal(err)
			}
			if c.token != "" {
				tok = c.token
			}
			if err := s.TakeConfirmation(ctx, tok, c.caller, c.hash, c.now); !errors.Is(err, c.want) {
				t.Errorf("%s: Take = %v, want %v", c.name, err, c.want)
			}
		}
	})
}

func TestConfirmationFailureConsumesNothing(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		tok := put(t, s)
		_ = s.TakeConfirmation(ctx, tok, "bob", "h1", t0)
		_ = s.TakeConfirmation(ctx, tok, "alice", "h2", t0)
		if err := s.TakeConfirmation(ctx, tok, "alice", "h1", t0); err != nil {
			t.Errorf("Take by the owner after two failed ones: %v", err)
		}
	})
}

func TestConfirmationStoresOnlyAHash(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		tok, err := s.PutConfirmation(context.Background(), "alice", "h1", t0.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		var stored string
		if err := s.db.QueryRow(`SELECT token_hash FROM confirmations`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, tok) || stored != hashToken(tok) {
			t.Errorf("stored %q for token %q, want its SHA-256 only", stored, tok)
		}
	})
}

func TestConfirmationRaceOneWinner(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		replicas := []*DB{open(t, p), open(t, p)}
		ctx := context.Background()
		tok := put(t, replicas[0])
		var won, used, other atomic.Int32
		race(replicas, 8, func(s *DB) {
			switch err := s.TakeConfirmation(ctx, tok, "alice", "h1", t0); {
			case err == nil:
				won.Add(1)
			case errors.Is(err, ErrConfirmationUsed):
				used.Add(1)
			default:
				t.Error(err)
				other.Add(1)
			}
		})
		if won.Load() != 1 || used.Load() != 15 {
			t.Errorf("16 Takes at once on two replicas: %d won, %d found it used, %d failed otherwise; want 1, 15, 0", won.Load(), used.Load(), other.Load())
		}
	})
}
