package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// tokenCmd manages personal access tokens (imcp_pat_...) in the store an HTTP server with
// --public-url uses: token create, token list, token revoke ID.
func tokenCmd(args []string, stdout, stderr io.Writer) error {
	sub := ""
	if len(args) > 0 {
		sub, args = args[0], args[1:]
	}
	switch sub {
	case "create":
		return tokenCreate(args, stdout, stderr)
	case "list":
		return tokenList(args, stdout, stderr)
	case "revoke":
		return tokenRevoke(args, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fs := newFlagSet("token", stderr)
		bindToken(fs)
		fs.Usage()
		return flag.ErrHelp
	case "":
		return usageError{errors.New("token needs create, list or revoke (see intervals-mcp token -h)")}
	}
	return usageError{fmt.Errorf("token %q: use create, list or revoke (see intervals-mcp token -h)", sub)}
}

// bindToken defines the flags of every token subcommand: the store's, read as serve reads
// them, and --demo.
func bindToken(fs *flag.FlagSet) (*config.StoreFlags, *bool) {
	return config.BindStore(fs), fs.Bool("demo", false, "the store is a serve --demo's: give the same --data-dir or --database-url (as --demo, read from the command line only); "+
		"its seal key is the demo's, and revoke disconnects nothing (the demo's Intervals.icu is its built-in fake)")
}

// tokenStore parses a token subcommand's flags (the store's, and those bind adds) and opens
// the store; pos are the arguments left, cfg the settings read (the store's, the seal keys,
// the base URL; Demo with --demo).
func tokenStore(args []string, stderr io.Writer, bind func(fs *flag.FlagSet)) (st *store.DB, pos []string, cfg *config.Config, err error) {
	fs := newFlagSet("token", stderr)
	sf, demo := bindToken(fs)
	if bind != nil {
		bind(fs)
	}
	if pos, err = parseInterspersed(fs, args); err != nil {
		return nil, nil, nil, err
	}
	if cfg, err = sf.Load(nil); err != nil {
		return nil, nil, nil, usageError{err}
	}
	if cfg.Demo = *demo; cfg.Demo {
		if demoStore(fs, &cfg.Store); temporaryStore(cfg) {
			return nil, nil, nil, usageError{errors.New("token --demo works on the store of a serve --demo run with --data-dir or --database-url: give the same flag here " +
				"(without either, the demo's store was a temporary folder, gone at its exit)")}
		}
	}
	sc := store.Config{DataDir: cfg.Store.DataDir, DatabaseURL: cfg.Store.DatabaseURL}
	if st, err = store.Open(context.Background(), sc); err != nil {
		return nil, nil, nil, fmt.Errorf("open the store (%s): %w", storeName(sc), err)
	}
	return st, pos, cfg, nil
}

// tokenCreate makes a personal token and prints it, once, on stdout (alone, for scripts);
// what it is goes to stderr.
func tokenCreate(args []string, stdout, stderr io.Writer) error {
	var athlete, scope, expires, name *string
	st, pos, cfg, err := tokenStore(args, stderr, func(fs *flag.FlagSet) {
		athlete = fs.String("athlete", "", "the Intervals.icu id (i12345) of an athlete who has signed in here (required)")
		scope = fs.String("scope", "", "read, or write (read and write) (required)")
		expires = fs.String("expires", "", "30d, 90d, 365d or never (required)")
		name = fs.String("name", "operator", "what the token is for, such as laptop or claude-code (1 to 60 characters)")
	})
	if err != nil {
		return err
	}
	defer st.Close()
	if len(pos) > 0 {
		return usageError{errors.New("token create takes flags only (see intervals-mcp token -h)")}
	}
	if *athlete == "" {
		return usageError{errors.New("token create needs --athlete: the Intervals.icu id (i12345) of an athlete who has signed in here")}
	}
	write := *scope == "write"
	if !write && *scope != "read" {
		return usageError{fmt.Errorf("--scope %q: use read, or write (read and write)", *scope)}
	}
	ttl, err := auth.ParseExpiry(*expires)
	if err != nil {
		return usageError{fmt.Errorf("--expires: %w", err)}
	}
	if err := signInOpens(cfg, st, *athlete); err != nil {
		return err
	}
	pt, err := auth.NewPersonalToken(context.Background(), st, *athlete, *name, write, ttl, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, pt.Text)
	fmt.Fprintf(stderr, "personal token %s for athlete %s, %s, expires %s: shown once, copy it now; revoke it with intervals-mcp token revoke %s\n",
		pt.ID, pt.AthleteID, scopeWord(pt.Scope), expiryText(pt.Expires, time.Now()), pt.ID)
	return nil
}

// signInOpens checks, when the seal keys are at hand (MCP_SEAL_KEYS, --seal-key-file, the
// demo's), that athlete's sealed Intervals.icu token opens with them: a personal token on a
// sign-in that does not would be refused at its first request. Without keys there is
// nothing to check; an athlete who never signed in is NewPersonalToken's to say.
func signInOpens(cfg *config.Config, st store.Store, athlete string) error {
	if cfg.OAuth.SealKeys == "" && cfg.OAuth.SealKeyFile == "" && !cfg.Demo {
		return nil
	}
	seal, err := newSealing(cfg)
	if err != nil {
		return err
	}
	_, err = auth.AthleteToken(context.Background(), st, seal.sealer, athlete)
	switch {
	case err == nil, err == caller.ErrSignedOut: // opens; or no sign-in at all
		return nil
	case errors.Is(err, caller.ErrSignedOut):
		return fmt.Errorf("athlete %s signed in here, but not under these seal keys (the ones serve has): %w; they sign in again at /account, then create the token", athlete, err)
	}
	return err
}

// tokenList prints the personal tokens not revoked, the newest first, never the tokens.
// The text users gave (a token's name, from the account page or an older version that did
// not check it) is printed with printable.
func tokenList(args []string, stdout, stderr io.Writer) error {
	st, pos, _, err := tokenStore(args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(pos) > 0 {
		return usageError{errors.New("token list takes flags only (see intervals-mcp token -h)")}
	}
	list, err := st.PersonalTokens(context.Background(), "")
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, "no personal tokens (intervals-mcp token create makes one)")
		return nil
	}
	now := time.Now()
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tATHLETE\tSCOPE\tNAME\tCREATED\tEXPIRES\tLAST USED")
	for _, t := range list {
		last := "never"
		if !t.LastUsed.IsZero() {
			last = stamp(t.LastUsed)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", printable(t.ID), printable(t.AthleteID), scopeWord(t.Scope), printable(t.Name), stamp(t.Created), expiryText(t.Expires, now), last)
	}
	return tw.Flush()
}

// tokenRevoke revokes a personal token by its id: its next request is refused. When it was
// the athlete's last connection, they are forgotten (auth.Forget): with the seal keys, the
// server is also disconnected from their Intervals.icu account.
func tokenRevoke(args []string, stdout, stderr io.Writer) error {
	st, pos, cfg, err := tokenStore(args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(pos) != 1 {
		return usageError{errors.New("token revoke takes one token id, as token list shows it")}
	}
	if strings.HasPrefix(pos[0], auth.PrefixPersonal) {
		// Never echoed: it is the token itself.
		return usageError{errors.New("token revoke takes the token's id (intervals-mcp token list shows it), not the token")}
	}
	ctx := context.Background()
	athlete, err := st.RevokeTokenID(ctx, pos[0], "", time.Now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errors.New("no personal token has this id, or it is revoked already (intervals-mcp token list shows them)")
	case err != nil:
		return err
	}
	fmt.Fprintf(stdout, "revoked personal token %s: its next request is refused\n", pos[0])
	var sealer *auth.Sealer
	if (cfg.OAuth.SealKeys != "" || cfg.OAuth.SealKeyFile != "") && !cfg.Demo {
		seal, err := newSealing(cfg)
		if err != nil {
			return err
		}
		sealer = seal.sealer
	}
	up := &auth.Upstream{BaseURL: upstreamBase(cfg.BaseURL)}
	forgotten, disconnected, err := auth.Forget(ctx, st, sealer, up, athlete, time.Now(), nil)
	switch {
	case err != nil:
		return err
	case !forgotten:
	case cfg.Demo:
		fmt.Fprintf(stdout, "it was athlete %s's last connection: their Intervals.icu token is deleted (the demo's Intervals.icu is its built-in fake: nothing to disconnect)\n", athlete)
	case disconnected:
		fmt.Fprintf(stdout, "it was athlete %s's last connection: their Intervals.icu token is deleted and the server disconnected from their Intervals.icu account\n", athlete)
	case sealer == nil:
		fmt.Fprintf(stdout, "it was athlete %s's last connection: their Intervals.icu token is deleted; not disconnected at Intervals.icu (no seal key: give MCP_SEAL_KEYS or --seal-key-file, as to serve, for that)\n", athlete)
	default:
		fmt.Fprintf(stdout, "it was athlete %s's last connection: their Intervals.icu token is deleted; disconnecting at Intervals.icu failed (they can remove the app in their Intervals.icu settings)\n", athlete)
	}
	return nil
}

// scopeWord is a token's scope as --scope takes it: read, or write (read and write).
func scopeWord(scope string) string {
	if auth.CanWrite(scope) {
		return "write"
	}
	return "read"
}

// stamp writes a time for the list, in UTC to the minute.
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

// printable is text a user or a client gave, as one cell of a terminal table: the
// characters that would act on the terminal or on the row instead of showing (auth.UnsafeRune:
// C0 and C1 controls with ESC, newline and tab, DEL, the line and paragraph separators, the
// bidi controls) are written as Go escapes
// (\x1b, \n, \u202e), and bytes that are not UTF-8 as \xff, so that a row stays one row and
// reads in the order it is stored. A backslash is left as it is.
func printable(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && strings.HasPrefix(s[i:], "\xef\xbf\xbd"): // U+FFFD itself
			b.WriteRune(r)
		case r == utf8.RuneError:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case auth.UnsafeRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
