package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// errDoctorFailed is returned after a report that found a failure.
var errDoctorFailed = errors.New("doctor found a problem (above)")

// report writes the doctor's lines and counts failures and warnings.
type report struct {
	w            io.Writer
	redact       func(string) string
	fails, warns int
}

func (r *report) section(title string) { fmt.Fprintf(r.w, "\n%s\n", title) }

func (r *report) line(mark, what, format string, args ...any) {
	switch mark {
	case "FAIL":
		r.fails++
	case "warn":
		r.warns++
	}
	fmt.Fprintf(r.w, "  %-5s %-22s %s\n", mark, what, r.redact(fmt.Sprintf(format, args...)))
}

func doctorCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("doctor", stderr)
	strict := fs.Bool("strict", false, "fail on warnings too (fields the client does not know, a tool error)")
	cfg, pos, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	if err := flagsOnly(fs, pos); err != nil {
		return err
	}
	r := &report{w: stdout, redact: strings.NewReplacer(redactions(cfg)...).Replace}
	fmt.Fprintf(stdout, "intervals-mcp doctor: intervals-mcp %s (%s %s/%s)\n", intervals.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	ctx, stop := signalContext()
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if client, athlete, rec := checkConfig(r, fs, cfg); client != nil && checkAccount(ctx, r, client, athlete, rec) {
		checkReads(ctx, r, client, athlete, cfg, rec)
	}
	fmt.Fprintln(stdout)
	switch {
	case r.fails > 0:
		fmt.Fprintf(stdout, "Result: FAIL (%d failed, %d warnings)\n", r.fails, r.warns)
		return errDoctorFailed
	case r.warns > 0 && *strict:
		fmt.Fprintf(stdout, "Result: FAIL under --strict (%d warnings)\n", r.warns)
		return errDoctorFailed
	case r.warns == 1:
		fmt.Fprintln(stdout, "Result: PASS with 1 warning")
	case r.warns > 0:
		fmt.Fprintf(stdout, "Result: PASS with %d warnings\n", r.warns)
	default:
		fmt.Fprintln(stdout, "Result: PASS")
	}
	return nil
}

// checkConfig reports the settings and where each came from, and returns a client that
// records every answer (nil when the configuration cannot work).
func checkConfig(r *report, fs *flag.FlagSet, cfg *config.Config) (*intervals.ClientWithResponses, string, *recorder) {
	r.section("Configuration")
	src := sourceOf(fs, cfg)
	rec := &recorder{base: http.DefaultTransport}
	opts := intervals.Options{APIKey: cfg.APIKey, AccessToken: cfg.AccessToken, BaseURL: cfg.BaseURL, MaxRetries: -1}
	athlete := cfg.AthleteID
	switch {
	case cfg.Demo:
		r.line("ok", "credentials", "--demo: the built-in fake Intervals.icu and its demo athlete (no account, no network)")
		rec.base = fakeicu.New(fakeicu.Options{}).Transport()
		opts = intervals.Options{APIKey: fakeicu.DefaultAPIKey, RateLimit: -1, MaxRetries: -1}
		athlete = "0"
	case cfg.APIKey != "":
		if msg, ok := keyProblem(cfg.APIKey); !ok {
			r.line("FAIL", "API key", "%s (from %s)", msg, src("", "API_KEY", cfg.APIKey, ""))
			return nil, "", nil
		}
		r.line("ok", "API key", "set, %d characters, sent as Basic auth with user API_KEY (from %s)", len(cfg.APIKey), src("", "API_KEY", cfg.APIKey, ""))
	case cfg.AccessToken != "":
		r.line("ok", "OAuth token", "set, %d characters, sent as Bearer (from %s)", len(cfg.AccessToken), src("", "INTERVALS_ACCESS_TOKEN", cfg.AccessToken, ""))
	default:
		first, _, _ := strings.Cut(config.ErrNoCredentials.Error(), "\n")
		r.line("FAIL", "API key", "not set: %s", first)
		r.line("info", "", "Get a key at https://intervals.icu/settings (Developer Settings), then set API_KEY")
		return nil, "", nil
	}
	if !cfg.Demo {
		r.line("ok", "athlete", "%s (from %s)", cfg.AthleteID, src("athlete", "ATHLETE_ID", cfg.AthleteID, "0"))
		base := cfg.BaseURL
		if base == "" {
			base = "https://intervals.icu"
		}
		r.line("ok", "base URL", "%s (from %s)", base, src("base-url", "INTERVALS_API_BASE_URL", cfg.BaseURL, ""))
	}
	envFile := cfg.EnvFile
	if envFile == "" {
		envFile = "none"
	}
	r.line("info", ".env file", "%s", envFile)
	names := make([]string, len(cfg.Toolsets))
	for i, t := range cfg.Toolsets {
		names[i] = string(t)
	}
	r.line("info", "tools", "toolsets %s, read-only %v, no-destructive %v", strings.Join(names, ","), cfg.ReadOnly, cfg.NoDestructive)
	opts.HTTPClient = &http.Client{Transport: rec}
	client, err := intervals.New(opts)
	if err != nil {
		r.line("FAIL", "client", "%v", err)
		return nil, "", nil
	}
	return client, athlete, rec
}

// sourceOf returns a function that names where a setting came from, by the precedence
// internal/config applies: a flag, then the environment, then the .env file, then the default.
func sourceOf(fs *flag.FlagSet, cfg *config.Config) func(flagName, env, value, def string) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return func(flagName, env, value, def string) string {
		switch {
		case flagName != "" && set[flagName]:
			return "flag --" + flagName
		case strings.TrimSpace(os.Getenv(env)) != "":
			return "environment " + env
		case value != def && cfg.EnvFile != "":
			return env + " in " + cfg.EnvFile
		}
		return "default"
	}
}

// keyProblem says what is wrong with an API key's form, and false, when it cannot be a key.
func keyProblem(key string) (string, bool) {
	lower := strings.ToLower(key)
	switch {
	case strings.HasPrefix(lower, "bearer ") || strings.HasPrefix(lower, "basic "):
		return `it starts with "Bearer " or "Basic ": give the key alone`, false
	case strings.ContainsAny(key, " \t\r\n\"'"):
		return "it holds spaces or quotes: copy the key alone from Settings > Developer Settings", false
	case len(key) < 10:
		return "it is too short for an Intervals.icu key: copy it again from Settings > Developer Settings", false
	}
	return "", true
}

// checkAccount reads the athlete: Intervals.icu reachable, the key accepted, the athlete and
// its time zone, the clock. It returns false when nothing more can be checked.
func checkAccount(ctx context.Context, r *report, client *intervals.ClientWithResponses, athlete string, rec *recorder) bool {
	r.section("Intervals.icu")
	resp, err := client.GetAthleteWithResponse(ctx, athlete)
	xs := rec.taken()
	if len(xs) == 0 || xs[len(xs)-1].Err != nil {
		r.line("FAIL", "reachable", "no answer: %v (check the address, the network or a proxy)", err)
		return false
	}
	x := xs[len(xs)-1]
	r.line("ok", "reachable", "answered %d in %d ms", x.Status, x.Elapsed.Milliseconds())
	var ie *intervals.Error
	if errors.As(err, &ie) && athlete != "0" && (ie.Status == http.StatusForbidden || ie.Status == http.StatusNotFound) {
		// Is it the key or the athlete? The key's own athlete tells.
		if own, err := client.GetAthleteWithResponse(ctx, "0"); err == nil && own.JSON200 != nil {
			r.line("ok", "key", "accepted (it belongs to athlete %s)", deref(own.JSON200.Id))
			r.line("FAIL", "athlete", "%s cannot be read with this key (%d): set ATHLETE_ID to the i12345 of your Intervals.icu address, to an athlete you coach, or to 0 for the key's own athlete", athlete, ie.Status)
			return false
		}
	}
	if errors.As(err, &ie) {
		switch ie.Status {
		case http.StatusUnauthorized, http.StatusForbidden:
			r.line("FAIL", "key", "refused (%d): %s", ie.Status, ie.Hint)
		case http.StatusNotFound:
			r.line("FAIL", "athlete", "%s not found (%d): %s", athlete, ie.Status, ie.Hint)
		default:
			r.line("FAIL", "athlete", "reading athlete %s: %v", athlete, err)
		}
		return false
	}
	if err != nil || resp.JSON200 == nil {
		r.line("FAIL", "athlete", "reading athlete %s: %v (status %d)", athlete, err, x.Status)
		return false
	}
	r.line("ok", "key", "accepted")
	a := resp.JSON200
	id := deref(a.Id)
	switch tz := deref(a.Timezone); {
	case tz == "":
		r.line("warn", "athlete", "%s: no time zone in the profile (dates will be UTC's): set it in Intervals.icu's settings", id)
	default:
		if _, err := time.LoadLocation(tz); err != nil {
			r.line("warn", "athlete", "%s: time zone %q is unknown here (%v): dates will be UTC's", id, tz, err)
		} else {
			r.line("ok", "athlete", "%s, time zone %s", id, tz)
		}
	}
	checkClock(r, x)
	return true
}

// checkClock compares this machine's clock with the Date header of an answer: a clock hours
// off moves "today" in the athlete's zone.
func checkClock(r *report, x exchange) {
	if x.Date == "" {
		r.line("skip", "clock", "the answer had no Date header")
		return
	}
	date, err := http.ParseTime(x.Date)
	if err != nil {
		r.line("skip", "clock", "the Date header %q does not parse", x.Date)
		return
	}
	// The header has whole seconds and was written while the answer was on its way.
	off := time.Since(date) - x.Elapsed/2
	mark := "ok"
	if off > 2*time.Minute || off < -2*time.Minute {
		mark = "warn"
	}
	r.line(mark, "clock", "this machine's clock is %s from the server's Date header", off.Round(time.Second))
}

// checkReads runs every sample call of the read tools (their arguments filled from what the
// account's own answers hold) and reports each operation's answers: decoded by the typed
// client or not, and the fields it does not know.
func checkReads(ctx context.Context, r *report, client *intervals.ClientWithResponses, athlete string, cfg *config.Config, rec *recorder) {
	r.section("Reads the tools make")
	toolsets := slices.DeleteFunc(slices.Clone(manifest.AllToolsets), func(t manifest.Toolset) bool { return t == manifest.API })
	cat, err := server.NewCatalog(tools.All(), manifest.Filter{Toolsets: toolsets, ReadOnly: true})
	if err != nil {
		r.line("FAIL", "catalog", "%v", err)
		return
	}
	rt := &server.Runtime{Client: client, AthleteID: athlete, Secrets: cfg.Secrets(), Logger: newLogger(io.Discard, cfg), Cache: &toolcall.Cache{}}
	var later []samples.Call
	values := map[string]string{}
	run := func(c samples.Call) {
		args, err := c.Fill(values)
		if err != nil {
			return
		}
		if res := cat.Call(ctx, rt, c.Tool, json.RawMessage(args), nil); res.IsError {
			first, _, _ := strings.Cut(res.Text, "\n")
			r.line("warn", c.Tool, "%s: %.160s", c.Case, first)
		}
	}
	var skipped []string
	for _, c := range samples.Calls {
		if _, ok := cat.Lookup(c.Tool); !ok || c.Fault != "" {
			continue
		}
		if c.Missing(values) != "" {
			later = append(later, c)
			continue
		}
		run(c)
	}
	learnValues(rec.taken(), values)
	for _, c := range later {
		if name := c.Missing(values); name != "" {
			skipped = append(skipped, c.Tool+" "+c.Case+" (needs "+name+")")
			continue
		}
		run(c)
	}
	seen := map[string]bool{}
	for _, op := range analyse(rec.taken()) {
		seen[op.Op] = true
		reportOp(r, op)
	}
	var missing []string
	for _, e := range cat.Entries {
		for _, op := range e.Operations {
			if o, ok := operationByID(op); ok && o.Method == http.MethodGet && !seen[op] && !slices.Contains(missing, op) {
				missing = append(missing, op)
			}
		}
	}
	if len(missing) > 0 {
		r.line("info", "not exercised", "%s", strings.Join(missing, ", "))
	}
	if len(skipped) > 0 {
		r.line("info", "calls skipped", "%s", strings.Join(skipped, "; "))
	}
}

// reportOp writes one operation's line.
func reportOp(r *report, op *opReport) {
	var bad []string
	for status, n := range op.Statuses {
		if status >= 300 {
			bad = append(bad, fmt.Sprintf("%d x%d", status, n))
		}
	}
	slices.Sort(bad)
	what := "1 call"
	if op.Calls != 1 {
		what = fmt.Sprintf("%d calls", op.Calls)
	}
	if op.Typed != "" {
		what += ", decoded as " + op.Typed
	}
	switch {
	case op.DecodeErr != "":
		r.line("FAIL", op.Op, "%s: the typed client cannot decode the answer: %.200s", what, op.DecodeErr)
	case op.Statuses[401] > 0 || op.Statuses[403] > 0:
		r.line("FAIL", op.Op, "%s; refused: %s", what, strings.Join(bad, ", "))
	case len(bad) > 0:
		r.line("warn", op.Op, "%s; answers %s", what, strings.Join(bad, ", "))
	case len(op.Unknown) > 0:
		r.line("warn", op.Op, "%s; fields the client does not know: %s", what, strings.Join(sortedKeys(op.Unknown), ", "))
	default:
		r.line("ok", op.Op, "%s", what)
	}
}

func operationByID(id string) (intervals.Operation, bool) {
	for _, o := range intervals.Operations {
		if o.OperationID == id {
			return o, true
		}
	}
	return intervals.Operation{}, false
}

// learnValues takes from the account's answers the ids the sample calls name: its latest
// activity that is not from Strava (run), a gear, a custom item, a planned workout (session1)
// and a sport of its settings.
func learnValues(xs []exchange, values map[string]string) {
	type item struct {
		ID       json.RawMessage `json:"id"`
		Source   string          `json:"source"`
		Category string          `json:"category"`
	}
	idOf := func(raw json.RawMessage) string { return strings.Trim(string(raw), `"`) }
	for _, x := range xs {
		op, ok := intervals.OperationFor(x.Method, x.Path)
		if !ok || x.Status != http.StatusOK {
			continue
		}
		var items []item
		_ = json.Unmarshal(x.Body, &items)
		for _, it := range items {
			if len(it.ID) == 0 {
				continue
			}
			switch {
			case op.OperationID == "listActivities" && it.Source != "STRAVA" && values["run"] == "":
				values["run"] = idOf(it.ID)
			case op.OperationID == "listGear" && values["gear"] == "":
				values["gear"] = idOf(it.ID)
			case op.OperationID == "listCustomItems" && values["item"] == "":
				values["item"] = idOf(it.ID)
			case op.OperationID == "listEvents" && it.Category == "WORKOUT" && values["session1"] == "":
				values["session1"] = idOf(it.ID)
			}
		}
		if op.OperationID == "getAthlete" && values["sport"] == "" {
			var a struct {
				SportSettings []struct{ Types []string } `json:"sportSettings"`
			}
			if json.Unmarshal(x.Body, &a) == nil && len(a.SportSettings) > 0 && len(a.SportSettings[0].Types) > 0 {
				values["sport"] = a.SportSettings[0].Types[0]
			}
		}
	}
}

func deref[T any](p *T) T {
	var zero T
	if p != nil {
		return *p
	}
	return zero
}
