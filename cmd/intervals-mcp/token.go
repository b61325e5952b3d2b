package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
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
	write, ok := auth.ParseAccess(*scope)
	if !ok {
		return usageError{fmt.Errorf("--scope %q: use read, or write (read and write)", *scope)}
	}
	ttl, err := auth.ParseExpiry(*expires)
	if err != nil {
		return usageError{fmt.Errorf("--expires: %w", err)}
	}
	// The keys serve has, or the demo's, to check that the athlete's sign-in opens with them.
	sealer, err := tokenSealer(cfg, cfg.Demo)
	if err != nil {
		return err
	}
	ctx := context.Background()
	if err := auth.CheckSignIn(ctx, st, sealer, *athlete); err != nil {
		return err
	}
	pt, err := auth.NewPersonalToken(ctx, st, *athlete, *name, write, ttl, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, pt.Text)
	fmt.Fprintln(stderr, pt.Notice(time.Now()))
	return nil
}

// tokenSealer is the sealer of the seal keys given as to serve (MCP_SEAL_KEYS,
// --seal-key-file), or with demoKey of a --demo run's own key; nil when there are none.
func tokenSealer(cfg *config.Config, demoKey bool) (*auth.Sealer, error) {
	if cfg.OAuth.SealKeys == "" && cfg.OAuth.SealKeyFile == "" && !demoKey {
		return nil, nil
	}
	seal, err := newSealing(cfg)
	if err != nil {
		return nil, err
	}
	return seal.sealer, nil
}

// tokenList prints the personal tokens not revoked, the newest first, never the tokens.
func tokenList(args []string, stdout, stderr io.Writer) error {
	st, pos, _, err := tokenStore(args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(pos) > 0 {
		return usageError{errors.New("token list takes flags only (see intervals-mcp token -h)")}
	}
	return auth.ListPersonalTokens(context.Background(), st, stdout, time.Now())
}

// tokenRevoke revokes a personal token by its id: its next request is refused. When it was
// the athlete's last connection, they are forgotten: with the seal keys (not a demo's, whose
// Intervals.icu is its fake), the server is also disconnected from their Intervals.icu
// account.
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
	var sealer *auth.Sealer
	if !cfg.Demo { // built before anything is revoked: keys that do not parse change nothing
		if sealer, err = tokenSealer(cfg, false); err != nil {
			return err
		}
	}
	up := &auth.Upstream{BaseURL: upstreamBase(cfg.BaseURL)}
	r, err := auth.RevokePersonalToken(context.Background(), st, sealer, up, pos[0], time.Now())
	if r != nil {
		fmt.Fprint(stdout, r.Report(cfg.Demo))
	}
	return err
}
