package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// When the server keeps a store (Env.Confirmations), a range delete's token is a random one
// kept there, bound to the caller and to the hash of what the preview showed: the confirming
// call may reach another process or replica, and a token works once. Without a store the
// token is the per-process HMAC of calendar_delete.go.

// rangeContent is the hash of a preview: the athlete, the range, the categories and the
// sorted ids of the events it would delete.
func rangeContent(athlete, oldest, newest string, cats []string, ids []int32) string {
	h := sha256.New()
	c := slices.Clone(cats)
	slices.Sort(c)
	fmt.Fprintf(h, "range-delete|%s|%s|%s|%s|", athlete, oldest, newest, strings.Join(c, ","))
	for _, id := range ids {
		fmt.Fprintf(h, "%d,", id)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// previewToken is the token of a preview: kept in the store, or signed.
func previewToken(ctx context.Context, env *toolcall.Env, athlete, oldest, newest string, cats []string, ids []int32) (string, error) {
	expires := env.Time().Add(tokenTTL)
	if env.Confirmations == nil {
		return rangeToken(athlete, oldest, newest, cats, ids, expires.Unix()), nil
	}
	token, err := env.Confirmations.PutConfirmation(ctx, env.Caller.Key, rangeContent(athlete, oldest, newest, cats, ids), expires)
	if err != nil {
		return "", fmt.Errorf("keep the confirmation token: %w; nothing was deleted, try the preview again", err)
	}
	return token, nil
}

// takeToken takes a stored token for the events now in the range, once, and says what to do
// when it cannot.
func takeToken(ctx context.Context, env *toolcall.Env, token, athlete, oldest, newest string, cats []string, ids []int32) error {
	err := env.Confirmations.TakeConfirmation(ctx, token, env.Caller.Key, rangeContent(athlete, oldest, newest, cats, ids), env.Time())
	again := "nothing was deleted; call again without confirm for a fresh preview"
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrConfirmationUsed):
		return manifest.Errorf("this confirmation token was already used: nothing more was deleted. Check with get_events; to delete what is left in the range, call again without confirm for a fresh preview")
	case errors.Is(err, store.ErrConfirmationExpired):
		return manifest.Errorf("the confirmation token has expired (valid %d minutes): %s", int(tokenTTL.Minutes()), again)
	case errors.Is(err, store.ErrConfirmationChanged):
		return manifest.Errorf("the confirmation token does not match this range, these categories and the events now in it (the calendar changed, or the token is from another preview): %s", again)
	case errors.Is(err, store.ErrConfirmationCaller):
		return manifest.Errorf("the confirmation token was issued to another caller (another credential or athlete): %s as this caller", again)
	case errors.Is(err, store.ErrConfirmationUnknown):
		return manifest.Errorf("the confirmation token is unknown (mistyped, long expired, or from another server): %s", again)
	}
	return fmt.Errorf("check the confirmation token: %w; nothing was deleted, try again", err)
}

// confirmStored is the confirming call with a stored token: the user is asked first (a
// client that asks runs the tool again with the answer, and the token must still be there),
// then the token is taken and the events deleted.
func confirmStored(ctx context.Context, env *toolcall.Env, in deleteRangeIn, athlete, oldest, newest string, ids []int32, done func() string) (string, error) {
	take := func() error { return takeToken(ctx, env, in.Confirm, athlete, oldest, newest, in.Category, ids) }
	if len(ids) == 0 {
		if err := take(); err != nil {
			return "", err
		}
		return done(), nil
	}
	return deleteConfirmed(ctx, env, oldest, newest, ids, take, done)
}
