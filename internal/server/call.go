package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// DefaultCallTimeout bounds one tool call, retries included.
const DefaultCallTimeout = 2 * time.Minute

// Runtime is what every call shares: the client, the configured athlete, the profile cache.
type Runtime struct {
	Client    *intervals.ClientWithResponses
	AthleteID string // "" means "0", the athlete behind the key
	Budget    int
	Now       func() time.Time
	Profiles  *manifest.Profiles
	Timeout   time.Duration // per call; 0 means DefaultCallTimeout
	Secrets   []string      // never shown in an answer (the API key, tokens)
	Logger    *slog.Logger
	Persist   *Persist // the store of confirmations, journals and notices (persist.go); nil: none
}

// Result is the outcome of a call: the text shown to the model, and whether it is an error.
type Result struct {
	Text    string
	IsError bool
}

// Call runs the tool called name with the given arguments: it checks the arguments against
// the tool's schema, takes out the coach's athlete argument, runs the tool under the call
// timeout, and turns every failure (bad arguments, API errors, timeouts, panics) into an
// error result that says what to do. confirm may be nil (the user cannot be asked).
func (c *Catalog) Call(ctx context.Context, rt *Runtime, name string, args json.RawMessage, confirm func(context.Context, string) (bool, bool, error)) (res Result) {
	e, ok := c.Lookup(name)
	if !ok {
		return Result{Text: fmt.Sprintf("unknown tool %q", name), IsError: true}
	}
	return rt.finish(c.run(ctx, rt, e, args, confirm))
}

// finish turns a tool's answer or error into a Result, without secrets.
func (rt *Runtime) finish(text string, err error) Result {
	if err != nil {
		return Result{Text: redact(errorText(err), rt.Secrets), IsError: true}
	}
	return Result{Text: redact(text, rt.Secrets)}
}

func (c *Catalog) run(ctx context.Context, rt *Runtime, e *Entry, args json.RawMessage, confirm func(context.Context, string) (bool, bool, error)) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			rt.logger().Error("tool panicked", "tool", e.Name, "panic", redact(fmt.Sprint(r), rt.Secrets), "stack", string(debug.Stack()))
			text, err = "", manifest.Errorf("%s failed with an internal error (%v). This is a bug in intervals-mcp: please report it; other tools still work", e.Name, r)
		}
	}()
	in, err := e.Input()
	if err != nil {
		return "", err
	}
	args, err = in.Check(args)
	if err != nil {
		return "", manifest.Errorf("%v", err)
	}
	athlete := rt.AthleteID
	if athlete == "" {
		athlete = "0"
	}
	if c.coach {
		var who string
		args, who, err = takeAthlete(args)
		if err != nil {
			return "", err
		}
		if who != "" {
			athlete = who
		}
	}
	timeout := rt.Timeout
	if timeout <= 0 {
		timeout = DefaultCallTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	env := &manifest.Env{
		Client:    rt.Client,
		AthleteID: athlete,
		Now:       rt.Now,
		Budget:    rt.Budget,
		Profiles:  rt.Profiles,
		Confirm:   confirm,
	}
	ctx, pc := rt.Persist.begin(ctx, env, e.Name)
	start := time.Now()
	text, err = e.Run(ctx, env, args)
	rt.logger().Debug("tool call", "tool", e.Name, "athlete", athlete, "ms", time.Since(start).Milliseconds(), "error", err != nil)
	if err != nil && ctx.Err() == context.DeadlineExceeded && !errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w: %w", context.DeadlineExceeded, err)
	}
	return pc.end(ctx, text, err)
}

// takeAthlete removes the coach's athlete argument from args.
func takeAthlete(args json.RawMessage) (json.RawMessage, string, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(args, &m); err != nil {
		return nil, "", manifest.Errorf("arguments must be a JSON object")
	}
	raw, ok := m[AthleteArg]
	if !ok {
		return args, "", nil
	}
	delete(m, AthleteArg)
	var who string
	if err := json.Unmarshal(raw, &who); err != nil {
		return nil, "", manifest.Errorf("argument athlete: expected an athlete id such as i12345 (from list_athletes)")
	}
	out, err := json.Marshal(m)
	return out, who, err
}

// errorText turns a tool's error into what the model reads: what went wrong and what to do.
func errorText(err error) string {
	var me *manifest.Error
	var ae *intervals.Error
	var ne net.Error
	switch {
	case errors.As(err, &me):
		return me.Msg
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "Intervals.icu did not answer in time; try again or narrow the range"
	case errors.Is(err, context.Canceled):
		return "the call was cancelled"
	case errors.As(err, &ae):
		text := err.Error()
		if ae.Hint != "" && !strings.Contains(text, ae.Hint) {
			text += " (" + ae.Hint + ")"
		}
		return text
	case errors.As(err, &ne):
		return "could not reach Intervals.icu (" + err.Error() + "): check the network connection and INTERVALS_API_BASE_URL, then try again"
	}
	return err.Error()
}

// redact removes every secret from s.
func redact(s string, secrets []string) string {
	for _, sec := range secrets {
		if len(sec) >= 4 {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	return s
}

func (rt *Runtime) logger() *slog.Logger {
	if rt.Logger != nil {
		return rt.Logger
	}
	return slog.New(slog.DiscardHandler)
}
