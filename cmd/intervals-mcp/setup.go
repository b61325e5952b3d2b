package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// loadConfig parses a server command's flags and resolves the configuration; with --demo,
// only the command line names the store (demoStore). Errors are usage errors (exit code 2).
func loadConfig(fs *flag.FlagSet, args []string) (*config.Config, []string, error) {
	f := config.Bind(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return nil, nil, err
	}
	cfg, err := resolveConfig(fs, f, nil)
	return cfg, pos, err
}

// resolveConfig is the second half of loadConfig, for a command that resolves the parsed
// flags more than once (install, with the credentials of the entry it replaces): getenv as
// for config.Flags.Load.
func resolveConfig(fs *flag.FlagSet, f *config.Flags, getenv func(string) (string, bool)) (*config.Config, error) {
	cfg, err := f.Load(getenv)
	if err != nil {
		return nil, usageError{err}
	}
	if cfg.Demo {
		demoStore(fs, &cfg.Store)
	}
	return cfg, nil
}

// loadFlagsOnly is loadConfig for a command that takes flags and no arguments.
func loadFlagsOnly(fs *flag.FlagSet, args []string) (*config.Config, error) {
	cfg, pos, err := loadConfig(fs, args)
	if err != nil {
		return nil, err
	}
	return cfg, flagsOnly(fs, pos)
}

// flagsOnly refuses the arguments left after the flags. It does not repeat them: a key
// pasted in the wrong place must not end up in a terminal log.
func flagsOnly(fs *flag.FlagSet, pos []string) error {
	if len(pos) > 0 {
		name := strings.TrimPrefix(fs.Name(), "intervals-mcp ")
		return usageError{fmt.Errorf("%s takes no arguments, only flags (see intervals-mcp %s -h)", name, name)}
	}
	return nil
}

func newLogger(w io.Writer, cfg *config.Config) *slog.Logger {
	return slog.New(server.CutLogs(slog.NewTextHandler(w, &slog.HandlerOptions{Level: cfg.LogLevel})))
}

// perTryTimeout bounds one request to Intervals.icu: 15 s, or less when the call's time limit
// is short, so that a call has room for a retry.
func perTryTimeout(call time.Duration) time.Duration {
	if call <= 0 {
		call = server.DefaultCallTimeout
	}
	return min(15*time.Second, call*2/5)
}

// upstream is where the tool calls go: Intervals.icu with the configured credential and
// athlete, or with --demo a client of the in-process fake (no socket, no network), which is
// returned too. Each try has perTryTimeout, and the call as a whole cfg.CallTimeout
// (server.Runtime), so that a hung upstream costs a few tries, not four of 30 s.
func upstream(cfg *config.Config, logger *slog.Logger) (intervals.Options, string, *fakeicu.Fake) {
	if !cfg.Demo {
		return intervals.Options{APIKey: cfg.APIKey, AccessToken: cfg.AccessToken, BaseURL: cfg.BaseURL, Timeout: perTryTimeout(cfg.CallTimeout)}, cfg.AthleteID, nil
	}
	fake := fakeicu.New(fakeicu.Options{})
	logger.Warn("demo mode: serving the built-in synthetic athlete (made-up data, not an Intervals.icu account)", "athlete", fakeicu.DemoAthleteID)
	return intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1}, "0", fake
}

// newRuntime wires what every tool call shares: the Intervals.icu client of upstream (and
// the fake, with --demo), the write journals on the store (journalOptions) with, over HTTP,
// the upstream budget shared by replicas, and with sign-in (seal, nil without) how a
// signed-in caller's own client is built and how their interrupted write is rolled back with
// their own sealed token.
func newRuntime(cfg *config.Config, logger *slog.Logger, seal *sealing) (*server.Runtime, *fakeicu.Fake, error) {
	if err := cfg.NeedCredentials(); err != nil {
		return nil, nil, usageError{err}
	}
	opts, athlete, fake := upstream(cfg, logger)
	credential := opts.APIKey + opts.AccessToken
	jo := journalOptions(cfg, logger)
	jo.Credential = credential
	var journals *journal.Keeper // made last, with the clients; the budget opens the store through it
	if cfg.Transport != "stdio" && !cfg.Demo {
		// shared by replicas, instead of the client's own limiter
		opts.Budget = store.CallerBudget(func(ctx context.Context) (store.Store, error) { return journals.Open(ctx) }, perCallerBucket(cfg), globalBucket(cfg), callerKey, time.Now)
	}
	if cfg.Transport != "stdio" {
		opts.Observer = metrics.Upstream{} // counted for --metrics-addr
	}
	rt := &server.Runtime{AthleteID: athlete, Credential: credential, Secrets: cfg.Secrets(), Logger: logger, Cache: &toolcall.Cache{}, Timeout: cfg.CallTimeout, Writes: &toolcall.Writes{}}
	if seal != nil {
		rt.Secrets = append(rt.Secrets, seal.keys)
		rt.NewClient = func(token string) (*intervals.ClientWithResponses, error) {
			o := opts
			o.APIKey, o.AccessToken = "", token
			return intervals.New(o)
		}
		jo.ClientFor = auth.JournalClient(seal.sealer, rt.NewClient)
	}
	if credential != "" { // else sign-in only: every caller brings a token
		client, err := intervals.New(opts)
		if err != nil {
			return nil, nil, usageError{err}
		}
		rt.Client, jo.Client = client, client
	}
	journals = journal.New(jo)
	rt.Journals = journals
	return rt, fake, nil
}

// callerKey is the caller key of a call's context (the MCP server sets it for the call).
func callerKey(ctx context.Context) string {
	c, _ := caller.From(ctx)
	return c.Key
}

// catalog is the configuration's tool catalog, checked and filtered.
func catalog(cfg *config.Config) (*server.Catalog, error) {
	return server.NewCatalog(tools.All(), cfg.Filter())
}

func serverOptions(cfg *config.Config, rt *server.Runtime) server.Options {
	return serverOptionsFor(rt, cfg.Filter())
}

// serverOptionsFor is the server of one filter: the configuration's, or a connection's
// selection (server.Servers).
func serverOptionsFor(rt *server.Runtime, f manifest.Filter) server.Options {
	return server.Options{Tools: tools.All(), Resources: tools.Resources(), Prompts: tools.Prompts(f.Has(manifest.Coach)), Filter: f, Runtime: *rt}
}

// signalContext is cancelled on SIGINT or SIGTERM (caught until stop is called).
func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
