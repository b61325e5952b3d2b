package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Expiries of a personal token, as they are written (--expires, the account page).
var expiries = map[string]time.Duration{"30d": 30 * 24 * time.Hour, "90d": 90 * 24 * time.Hour, "365d": 365 * 24 * time.Hour, "never": 0}

// ParseExpiry reads a personal token's lifetime: 30d, 90d, 365d or never (0).
func ParseExpiry(s string) (time.Duration, error) {
	d, ok := expiries[strings.ToLower(strings.TrimSpace(s))]
	if !ok {
		return 0, fmt.Errorf("expiry %q: use 30d, 90d, 365d or never", s)
	}
	return d, nil
}

// maxTokenName bounds a personal token's name, in characters.
const maxTokenName = 60

// tokenName checks a personal token's name and returns it without its surrounding spaces:
// 1 to maxTokenName characters of text (checkText).
func tokenName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	if name == "" || utf8.RuneCountInString(name) > maxTokenName {
		return "", fmt.Errorf("name the token (1 to %d characters), such as laptop or claude-code", maxTokenName)
	}
	if err := checkText("the name", name); err != nil {
		return "", err
	}
	return name, nil
}

// PersonalToken is a new personal access token: the text (shown once) and its stored form.
type PersonalToken struct {
	Text string // imcp_pat_..., shown once
	store.Token
}

// NewPersonalToken makes a personal access token for athleteID, read or read and write,
// that expires after ttl (0: never), and stores its hash. It works once the athlete has
// signed in through Intervals.icu (the account page, or any client): their Intervals.icu
// token is what the personal token's calls use.
func NewPersonalToken(ctx context.Context, st store.Store, athleteID, name string, write bool, ttl time.Duration, now time.Time) (*PersonalToken, error) {
	name, err := tokenName(name)
	if err != nil {
		return nil, err
	}
	if _, err := st.Athlete(ctx, athleteID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("athlete %s has not signed in here yet: they sign in once at /account (or connect any client) first", athleteID)
		}
		return nil, err
	}
	t := store.Token{Kind: store.KindPersonal, ID: newID(), AthleteID: athleteID, Scope: scopeOf(write), Name: name, Created: now}
	if ttl > 0 {
		t.Expires = now.Add(ttl)
	}
	text := newToken(PrefixPersonal)
	if err := st.PutToken(ctx, text, t); err != nil {
		return nil, err
	}
	return &PersonalToken{Text: text, Token: t}, nil
}
