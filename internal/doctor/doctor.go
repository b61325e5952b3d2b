package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
)

// ErrFailed is returned after a report that found a failure.
var ErrFailed = errors.New("doctor found a problem (above)")

// Options are what the command gives doctor.
type Options struct {
	Config *config.Config
	// Strict fails on warnings too (fields the client does not know, a tool error).
	Strict bool
	// FlagsGiven names the flags set on the command line: a setting with one of them is
	// reported as from that flag.
	FlagsGiven map[string]bool
	// Redact hides the configuration's secrets in every line of the report (required).
	Redact func(string) string
	// Logger is the tools' logger while doctor runs their reads; nil discards their logs.
	Logger *slog.Logger
}

// Run checks the configuration, the account and every read the tools make, writes the
// report to w, and returns ErrFailed when it found a failure (or, under Strict, a warning).
func Run(ctx context.Context, w io.Writer, opts Options) error {
	cfg, logger := opts.Config, opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	r := &report{w: w, redact: opts.Redact}
	fmt.Fprintf(w, "intervals-mcp doctor: intervals-mcp %s (%s %s/%s)\n", intervals.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if client, athlete, rec := checkConfig(r, opts.FlagsGiven, cfg); client != nil && checkAccount(ctx, r, client, athlete, rec) {
		checkReads(ctx, r, client, athlete, cfg, logger, rec)
	}
	fmt.Fprintln(w)
	switch {
	case r.fails > 0:
		fmt.Fprintf(w, "Result: FAIL (%d failed, %d warnings)\n", r.fails, r.warns)
		return ErrFailed
	case r.warns > 0 && opts.Strict:
		fmt.Fprintf(w, "Result: FAIL under --strict (%d warnings)\n", r.warns)
		return ErrFailed
	case r.warns == 1:
		fmt.Fprintln(w, "Result: PASS with 1 warning")
	case r.warns > 0:
		fmt.Fprintf(w, "Result: PASS with %d warnings\n", r.warns)
	default:
		fmt.Fprintln(w, "Result: PASS")
	}
	return nil
}

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
