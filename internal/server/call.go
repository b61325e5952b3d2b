package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// DefaultCallTimeout bounds one tool call, retries and rollback included: its answer is due
// before the common client timeouts (the TypeScript SDK's default is 60 s), so the model
// reads what happened rather than the client's own timeout. --call-timeout and
// INTERVALS_CALL_TIMEOUT set it (internal/config).
const DefaultCallTimeout = 50 * time.Second

// MaxArgsBytes bounds a call's arguments as sent, before they are even parsed: every string
// and array argument has its own bound in the schema, this one bounds the free JSON objects
// (api_call_operation's body, a custom item's content).
const MaxArgsBytes = 256 << 10

// maxLogValue is how many bytes of one value a log line carries.
const maxLogValue = 500

// Runtime is what every call shares: the client, the configured athlete, the read cache.
type Runtime struct {
	Client    *intervals.ClientWithResponses
	AthleteID string // "" means "0", the athlete behind the key
	Budget    int
	Now       func() time.Time
	Cache     *toolcall.Cache
	Timeout   time.Duration // per call; 0 means DefaultCallTimeout
	Secrets   []string      // never shown in an answer (the API key, tokens)
	Logger    *slog.Logger
	Writes    *toolcall.Writes // plans of writes in progress (move_sessions); nil keeps none
	Persist   *Persist         // the store of confirmations, journals and notices (persist.go); nil: none
	// NewClient builds the Intervals.icu client of an OAuth caller from their access token
	// (callers.go); nil: the server takes no OAuth callers.
	NewClient func(accessToken string) (*intervals.ClientWithResponses, error)

	callers *callerClients // OAuth callers' clients and read caches
	oauth   bool           // this call's runtime is an OAuth caller's
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
	e, alias := c.resolve(name)
	if e == nil {
		return Result{Text: fmt.Sprintf("unknown tool %q", name), IsError: true}
	}
	text, err := c.runAs(ctx, rt, e, alias, args, confirm)
	return rt.finishAs(alias.lead(name), text, err)
}

// runAs runs e for a call made under alias (nil: under e's name), its arguments put under
// our names first.
func (c *Catalog) runAs(ctx context.Context, rt *Runtime, e *Entry, alias *toolAlias, args json.RawMessage, confirm func(context.Context, string) (bool, bool, error)) (string, error) {
	args, err := alias.ours(args)
	if err != nil {
		return "", err
	}
	return c.run(ctx, rt, e, args, confirm)
}

// finish turns a tool's answer or error into a Result, without secrets and within the
// answer budget (a tool keeps to it; an error quoting what it was given might not).
func (rt *Runtime) finish(text string, err error) Result { return rt.finishAs("", text, err) }

// finishAs is finish for an answer that opens with lead (the name we list, for a call under
// an alias), the budget counting it.
func (rt *Runtime) finishAs(lead, text string, err error) Result {
	if err != nil {
		msg := errorText(err)
		if rt.oauth && upstreamForbidden(err) {
			msg += ". " + narrowedGrant
		}
		return Result{Text: rt.cut(redact(lead+msg, rt.Secrets)), IsError: true}
	}
	return Result{Text: rt.cut(redact(lead+text, rt.Secrets))}
}

// narrowedGrant is added to a 403 from Intervals.icu for an OAuth caller: Intervals.icu
// applies an athlete's latest sign-in scopes to every token of the app, so a later
// read-only sign-in (here or in another client) narrows an earlier write grant.
const narrowedGrant = "Intervals.icu refused this change for your sign-in: it applies your latest Intervals.icu sign-in to every connection, and that one allowed reading only. Reconnect this client and choose \"Read and change it\" (or sign in again at /account) to allow changes"

// upstreamForbidden says whether err is Intervals.icu's 403.
func upstreamForbidden(err error) bool {
	var ae *intervals.Error
	return errors.As(err, &ae) && ae.Status == 403 /* Forbidden */ && !strings.Contains(ae.Path, "/oauth/")
}

// cut shortens s to the answer budget, saying so.
func (rt *Runtime) cut(s string) string {
	limit := rt.Budget
	if limit <= 0 {
		limit = toolcall.DefaultBudget
	}
	if len(s) <= limit || utf8.RuneCountInString(s) <= limit {
		return s
	}
	r := []rune(s)
	return string(r[:limit-80]) + fmt.Sprintf("\n[cut: %d characters more, over the answer budget]", len(r)-(limit-80))
}

func (c *Catalog) run(ctx context.Context, rt *Runtime, e *Entry, args json.RawMessage, confirm func(context.Context, string) (bool, bool, error)) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			rt.logger().Error("tool panicked", "tool", e.Name, "panic", LogValue(redact(fmt.Sprint(r), rt.Secrets)), "stack", string(debug.Stack()))
			text, err = "", manifest.Errorf("%s failed with an internal error (%s). This is a bug in intervals-mcp: please report it; other tools still work", e.Name, LogValue(fmt.Sprint(r)))
		}
	}()
	if len(args) > MaxArgsBytes {
		return "", manifest.Errorf("the arguments are %d bytes, over the %d a call may send: send less (each argument's limit is in the tool's schema)", len(args), MaxArgsBytes)
	}
	in, err := e.Input()
	if err != nil {
		return "", err
	}
	args, asked, err := referenceArgs(e, args, c.coach)
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
	every := false
	if c.coach {
		var who string
		args, who, err = takeAthlete(args)
		if err != nil {
			return "", err
		}
		switch {
		case who == EveryAthlete && !e.EveryAthlete:
			return "", manifest.Errorf("argument athlete: %s takes one athlete id (from list_athletes), not %s", e.Name, EveryAthlete)
		case who == EveryAthlete:
			every = true
		case who != "":
			athlete = who
		}
	}
	// The answer is due at the deadline; the tool's own context ends a fifth earlier, which
	// leaves its rollback (journal.go) the rest.
	timeout := rt.Timeout
	if timeout <= 0 {
		timeout = DefaultCallTimeout
	}
	start := time.Now()
	deadline := start.Add(timeout)
	work, cancel := context.WithDeadline(ctx, deadline.Add(-timeout/5))
	defer cancel()
	env := &toolcall.Env{
		Client:    rt.Client,
		AthleteID: athlete,
		Now:       rt.Now,
		Budget:    rt.Budget,
		Cache:     rt.Cache,
		Confirm:   confirm,
		Deadline:  deadline,
		Writes:    rt.Writes,

		EveryAthlete: every,
	}
	if e.Access != manifest.Read {
		// A write reads afresh (once in the call) and leaves nothing it may have changed.
		env.Cache = &toolcall.Cache{}
		defer rt.Cache.Forget(rt.Client)
	}
	if err := checkServed(work, env, asked); err != nil {
		return "", err
	}
	work, pc, err := rt.Persist.begin(work, env, e.Name, e.Access != manifest.Read)
	if err != nil {
		return pc.end(ctx, "", err)
	}
	text, err = e.Run(work, env, args)
	rt.logger().Debug("tool call", "tool", e.Name, "athlete", athlete, "ms", time.Since(start).Milliseconds(), "error", err != nil)
	if err != nil && work.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		err = &callTimeout{limit: timeout, err: err}
	}
	return pc.end(ctx, text, err)
}

// callTimeout is a call stopped by the server's call deadline (not the client's).
type callTimeout struct {
	limit time.Duration
	err   error
}

func (e *callTimeout) Error() string { return e.err.Error() }
func (e *callTimeout) Unwrap() error { return e.err }

// text says what happened: the tool's own account (what was written, what was rolled back)
// after the deadline that stopped it.
func (e *callTimeout) text() string {
	what := errorText(e.err)
	if errors.Is(e.err, context.DeadlineExceeded) && what == deadlineText {
		what = "Intervals.icu did not answer in time"
	}
	return fmt.Sprintf("Stopped by intervals-mcp's time limit for a call (%s, retries included; --call-timeout or INTERVALS_CALL_TIMEOUT set it): %s. Try again in a moment, or ask for less (a shorter range, fewer sessions)", e.limit, what)
}

const deadlineText = "Intervals.icu did not answer in time; try again or narrow the range"

// takeAthlete removes the coach's athlete argument from args: an athlete id, or EveryAthlete.
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
	if err := json.Unmarshal(raw, &who); err != nil || (who != "" && who != EveryAthlete && !athleteForm().MatchString(who)) {
		return nil, "", manifest.Errorf("argument athlete: expected an athlete id such as i12345 (from list_athletes)")
	}
	if who != "" && who != "0" && who != EveryAthlete && !strings.HasPrefix(who, "i") {
		who = "i" + who // Intervals.icu's ids are i and digits; the digits alone name the same athlete
	}
	out, err := json.Marshal(m)
	return out, who, err
}

// errorText turns a tool's error into what the model reads: what went wrong and what to do.
func errorText(err error) string {
	var me *manifest.Error
	var ae *intervals.Error
	var ne net.Error
	var ct *callTimeout
	switch {
	case errors.As(err, &ct):
		return ct.text()
	case errors.As(err, &me):
		return me.Msg
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return deadlineText
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

// athleteForm is the form of an athlete id (it goes into every path): i and digits, or digits.
var athleteForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^i?[0-9]{1,19}$`) })

// LogValue is s cut for a log line: at most maxLogValue bytes, and how long it was.
func LogValue(s string) string {
	if len(s) <= maxLogValue {
		return s
	}
	cut := maxLogValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... [%d bytes]", len(s))
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
