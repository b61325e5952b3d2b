package doctor

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// run runs doctor with opts (a nil Redact hides nothing) and returns its report.
func run(t *testing.T, opts Options) (string, error) {
	t.Helper()
	if opts.Redact == nil {
		opts.Redact = func(s string) string { return s }
	}
	if opts.Config.AthleteID == "" {
		opts.Config.AthleteID = "0"
	}
	if opts.Config.Toolsets == nil {
		opts.Config.Toolsets = manifest.DefaultToolsets
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	var out bytes.Buffer
	err := Run(ctx, &out, opts)
	return out.String(), err
}

// against runs doctor with cfg against a fake served on a local port.
func against(t *testing.T, fake fakeicu.Options, cfg config.Config, strict bool) (string, error) {
	t.Helper()
	_, url := fakeicutest.Start(t, fake)
	cfg.BaseURL = url
	return run(t, Options{Config: &cfg, Strict: strict})
}

// unusedAddr is a local address nothing listens on.
func unusedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	return addr
}

func wantLines(t *testing.T, report string, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(report, l) {
			t.Errorf("the report lacks %q:\n%s", l, report)
		}
	}
}

func wantFailed(t *testing.T, report string, err error) {
	t.Helper()
	if !errors.Is(err, ErrFailed) {
		t.Fatalf("Run = %v, want ErrFailed:\n%s", err, report)
	}
}

func TestRunPasses(t *testing.T) {
	const key = "doctor-key-0123456789"
	_, url := fakeicutest.Start(t, fakeicu.Options{APIKey: key})
	t.Setenv("API_KEY", key)
	t.Setenv("INTERVALS_API_BASE_URL", url)
	cfg := &config.Config{APIKey: key, AthleteID: fakeicu.DemoAthleteID, BaseURL: url}
	report, err := run(t, Options{Config: cfg, FlagsGiven: map[string]bool{"athlete": true}})
	if err != nil {
		t.Fatalf("Run = %v:\n%s", err, report)
	}
	wantLines(t, report,
		"ok    API key                set, 21 characters, sent as Basic auth with user API_KEY (from environment API_KEY)",
		"ok    athlete                i100001 (from flag --athlete)",
		"(from environment INTERVALS_API_BASE_URL)",
		"ok    key                    accepted",
		"ok    athlete                i100001, time zone Australia/Sydney",
		"ok    clock                  this machine's clock is",
		"ok    getAthlete ",
		"listActivities",
		"getActivityStreams",
		"Result: PASS")
	if strings.Contains(report, key) {
		t.Error("the report shows the key")
	}
}

func TestRunDemo(t *testing.T) {
	t.Parallel()
	report, err := run(t, Options{Config: &config.Config{Demo: true}})
	if err != nil {
		t.Fatalf("Run = %v:\n%s", err, report)
	}
	wantLines(t, report, "--demo: the built-in fake", "time zone Australia/Sydney", "Result: PASS")
}

// The fake sends what the real API sends (the recorded fixtures), and the typed client knows
// every field of it (openapi/prep adds those the spec lacks): --demo passes --strict.
func TestRunDemoHasNoWarnings(t *testing.T) {
	t.Parallel()
	report, err := run(t, Options{Config: &config.Config{Demo: true}, Strict: true})
	if err != nil || strings.Contains(report, "\n  warn ") || !strings.HasSuffix(report, "Result: PASS\n") {
		t.Fatalf("Run = %v, want a pass with no warning:\n%s", err, report)
	}
}

func TestRunRedacts(t *testing.T) {
	t.Parallel()
	addr := unusedAddr(t)
	cfg := &config.Config{APIKey: fakeicu.DefaultAPIKey, BaseURL: "http://" + addr}
	report, err := run(t, Options{Config: cfg, Redact: strings.NewReplacer(addr, "[redacted]").Replace})
	wantFailed(t, report, err)
	if strings.Contains(report, addr) {
		t.Errorf("the report shows what Redact hides:\n%s", report)
	}
	wantLines(t, report, "ok    base URL               http://[redacted] (from ", "Result: FAIL (1 failed, 0 warnings)")
}
