package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Personal tokens as the operator manages them from the command line (intervals-mcp token):
// made for an athlete who has signed in here, listed without their text, revoked by id.
// The account page (account.go) does the same for the athlete signed in to it.

// ParseAccess reads a personal token's access as the command line writes it: read, or
// write (read and write). ok is false for any other word.
func ParseAccess(word string) (write, ok bool) {
	switch word {
	case "read":
		return false, true
	case "write":
		return true, true
	}
	return false, false
}

// accessWord is a token's scope as ParseAccess reads it.
func accessWord(scope string) string {
	if CanWrite(scope) {
		return "write"
	}
	return "read"
}

// CheckSignIn checks that athleteID's sealed Intervals.icu token opens with sealer (the
// keys serve has): a personal token on a sign-in that does not would be refused at its
// first request. A nil sealer (no keys at hand) has nothing to check, and an athlete who
// never signed in is NewPersonalToken's to say.
func CheckSignIn(ctx context.Context, st store.Store, sealer *Sealer, athleteID string) error {
	if sealer == nil {
		return nil
	}
	_, err := AthleteToken(ctx, st, sealer, athleteID)
	switch {
	case err == nil, err == caller.ErrSignedOut: // opens; or no sign-in at all
		return nil
	case errors.Is(err, caller.ErrSignedOut):
		return fmt.Errorf("athlete %s signed in here, but not under these seal keys (the ones serve has): %w; they sign in again at /account, then create the token", athleteID, err)
	}
	return err
}

// Notice says what the new token is (never its text), for the operator who made it.
func (p *PersonalToken) Notice(now time.Time) string {
	return fmt.Sprintf("personal token %s for athlete %s, %s, expires %s: shown once, copy it now; revoke it with intervals-mcp token revoke %s",
		p.ID, p.AthleteID, accessWord(p.Scope), expiryText(p.Expires, now), p.ID)
}

// ListPersonalTokens writes every athlete's personal tokens that are not revoked, the
// newest first, as a table (writeTokenTable), or a line saying there are none.
func ListPersonalTokens(ctx context.Context, st store.Store, w io.Writer, now time.Time) error {
	list, err := st.PersonalTokens(ctx, "")
	if err != nil {
		return err
	}
	if len(list) == 0 {
		_, err := fmt.Fprintln(w, "no personal tokens (intervals-mcp token create makes one)")
		return err
	}
	return writeTokenTable(w, list, now)
}

// writeTokenTable renders personal tokens as a terminal table, one row each, never the
// tokens themselves. The text users gave (a token's name, from the account page or an
// older version that did not check it) is shown with printable, so that a row stays one row.
func writeTokenTable(w io.Writer, list []store.Token, now time.Time) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tATHLETE\tSCOPE\tNAME\tCREATED\tEXPIRES\tLAST USED")
	for _, t := range list {
		last := "never"
		if !t.LastUsed.IsZero() {
			last = stamp(t.LastUsed)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", printable(t.ID), printable(t.AthleteID), accessWord(t.Scope), printable(t.Name), stamp(t.Created), expiryText(t.Expires, now), last)
	}
	return tw.Flush()
}

// stamp writes a time for the table, in UTC to the minute.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04Z") }

// expiryText is when a token expires: never, a time, or a time already past.
func expiryText(exp, now time.Time) string {
	switch {
	case exp.IsZero():
		return "never"
	case !exp.After(now):
		return stamp(exp) + " (expired)"
	}
	return stamp(exp)
}

// Revocation is what RevokePersonalToken did.
type Revocation struct {
	ID, AthleteID string
	// Forgotten: it was the athlete's last connection, so their Intervals.icu token is
	// deleted here (Forget); Disconnected: intervals-mcp was disconnected from their
	// Intervals.icu account too.
	Forgotten, Disconnected bool
	// Unkeyed: no seal key was given, so no disconnect was tried.
	Unkeyed bool
}

// ErrNoSuchToken is RevokePersonalToken's answer for an id no live personal token has.
var ErrNoSuchToken = errors.New("no personal token has this id, or it is revoked already (intervals-mcp token list shows them)")

// RevokePersonalToken revokes the personal token whose id is id (any athlete's): its next
// request is refused. When it was the athlete's last connection, they are forgotten
// (Forget): with sealer, intervals-mcp is also disconnected from their Intervals.icu
// account at up. A Revocation comes back whenever the token was revoked, also with the
// error of a Forget that failed.
func RevokePersonalToken(ctx context.Context, st store.Store, sealer *Sealer, up *Upstream, id string, now time.Time) (*Revocation, error) {
	athlete, err := st.RevokeTokenID(ctx, id, "", now)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrNoSuchToken
	case err != nil:
		return nil, err
	}
	r := &Revocation{ID: id, AthleteID: athlete, Unkeyed: sealer == nil}
	r.Forgotten, r.Disconnected, err = Forget(ctx, st, sealer, up, athlete, now, nil)
	return r, err
}

// Report says what the revocation did, a line for each thing done; demo: the store is a
// serve --demo's, whose Intervals.icu is its built-in fake.
func (r *Revocation) Report(demo bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "revoked personal token %s: its next request is refused\n", r.ID)
	last := fmt.Sprintf("it was athlete %s's last connection: their Intervals.icu token is deleted", r.AthleteID)
	switch {
	case !r.Forgotten:
	case demo:
		fmt.Fprintf(&b, "%s (the demo's Intervals.icu is its built-in fake: nothing to disconnect)\n", last)
	case r.Disconnected:
		fmt.Fprintf(&b, "%s and the server disconnected from their Intervals.icu account\n", last)
	case r.Unkeyed:
		fmt.Fprintf(&b, "%s; not disconnected at Intervals.icu (no seal key: give MCP_SEAL_KEYS or --seal-key-file, as to serve, for that)\n", last)
	default:
		fmt.Fprintf(&b, "%s; disconnecting at Intervals.icu failed (they can remove the app in their Intervals.icu settings)\n", last)
	}
	return b.String()
}
