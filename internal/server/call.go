package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
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
	// Credential is Client's upstream credential (the API key or token): the caller keys of
	// the server's own calls are derived from it (caller.KeyOf); never shown.
	Credential string
	Budget     int
	Now        func() time.Time
	Cache      *toolcall.Cache
	Timeout    time.Duration // per call; 0 means DefaultCallTimeout
	Secrets    []string      // never shown in an answer (the API key, tokens)
	Logger     *slog.Logger
	Writes     *toolcall.Writes // plans of writes in progress (move_sessions); nil keeps none
	Journals   *journal.Keeper  // the store's confirmations, journals and notices; nil: none
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

// Call runs the tool called name (ours, or another server's name of it) with the given
// arguments, as a tools/call does: it reads them at the edge (readCall), checks them against
// the tool's schema, takes out the coach's athlete argument, runs the tool under the call
// timeout, and turns every failure (bad arguments, API errors, timeouts, panics) into an
// error result that says what to do. confirm may be nil (the user cannot be asked).
func (c *Catalog) Call(ctx context.Context, rt *Runtime, name string, args json.RawMessage, confirm func(context.Context, string) (bool, bool, error)) Result {
	in := c.readCall(name, args)
	if in == nil {
		return Result{Text: fmt.Sprintf("unknown tool %q", name), IsError: true}
	}
	text, err := c.run(ctx, rt, in, confirm)
	return rt.finishAs(in.lead(), text, err)
}

// lead is the line the answer to in opens with: for a call under another server's tool
// name, the name we list.
func (in *incoming) lead() string { return in.alias.lead(in.as) }

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

// run runs a call the edge read: its arguments checked (and defaulted) against the schema,
// its athlete taken out, the caller's key set for that athlete, its journal begun, the tool
// run under the call timeout, the caller's notices put at the top of its answer.
func (c *Catalog) run(ctx context.Context, rt *Runtime, in *incoming, confirm func(context.Context, string) (bool, bool, error)) (text string, err error) {
	e := in.entry
	defer func() {
		if r := recover(); r != nil {
			text, err = "", rt.bug(e, r)
		}
	}()
	if in.err != nil {
		return "", in.err
	}
	schema, err := e.Input()
	if err != nil {
		return "", err
	}
	if err := schema.CheckArgs(in.args); err != nil {
		return "", manifest.Errorf("%v", err)
	}
	athlete, every, err := c.athlete(rt, e, in.args)
	if err != nil {
		return "", err
	}
	args, err := json.Marshal(in.args)
	if err != nil {
		return "", err
	}
	// The answer is due at the deadline; the tool's own context ends a fifth earlier, which
	// leaves its rollback the rest.
	timeout := rt.Timeout
	if timeout <= 0 {
		timeout = DefaultCallTimeout
	}
	start := time.Now()
	deadline := start.Add(timeout)
	work, cancel := context.WithDeadline(ctx, deadline.Add(-timeout/5))
	defer cancel()
	who, _ := caller.From(ctx)
	if c.coach {
		who.Key = caller.KeyOf(who.Credential(rt.Credential), rt.keyAthlete(work, who, athlete))
	} else {
		who.Key = caller.KeyOf(who.Credential(rt.Credential), athlete)
	}
	work = caller.With(work, who)
	env := &toolcall.Env{
		Client:    rt.Client,
		AthleteID: athlete,
		Now:       rt.Now,
		Budget:    rt.Budget,
		Cache:     rt.Cache,
		Confirm:   confirm,
		Deadline:  deadline,
		Writes:    rt.Writes,
		Caller:    who,

		EveryAthlete: every,
	}
	if e.Access != manifest.Read {
		// A write reads afresh (once in the call) and leaves nothing it may have changed.
		env.Cache = &toolcall.Cache{}
		defer rt.Cache.Forget(rt.Client)
	}
	if err := checkServed(work, env, in.asked); err != nil {
		return "", err
	}
	jc, err := rt.Journals.Begin(work, env, e.Name, e.Access != manifest.Read)
	if err != nil {
		return withNotices(jc.Notices(ctx), "", err)
	}
	text, err, crashed := rt.runTool(work, e, env, args)
	rt.logger().Debug("tool call", "tool", e.Name, "athlete", athlete, "ms", time.Since(start).Milliseconds(), "error", err != nil)
	switch {
	case crashed:
		jc.Abandon() // its rollback did not run: the recovery rolls its journal back
	case errors.Is(err, errNeedInput):
		jc.End(ctx, false)
		return text, err // the question is the answer; notices wait for the next one
	case ctx.Err() != nil: // the client cancelled the call (or went): its next call is told
		told := "it had completed; the calendar holds it (check with get_events)."
		if err != nil {
			told = errorText(err)
		}
		jc.EndUnread(ctx, err != nil, redact(told, rt.Secrets))
	default:
		jc.End(ctx, err != nil)
	}
	if err != nil && work.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		err = &callTimeout{limit: timeout, err: err}
	}
	return withNotices(jc.Notices(ctx), text, err)
}

// runTool runs e's handler. A panic is a bug in it: crashed says so, and err tells the user.
func (rt *Runtime) runTool(ctx context.Context, e *Entry, env *toolcall.Env, args json.RawMessage) (text string, err error, crashed bool) {
	defer func() {
		if r := recover(); r != nil {
			text, err, crashed = "", rt.bug(e, r), true
		}
	}()
	text, err = e.Run(ctx, env, args)
	return text, err, false
}

// bug logs a panic of tool e, with its stack, and is the error its caller reads.
func (rt *Runtime) bug(e *Entry, r any) error {
	rt.logger().Error("tool panicked", "tool", e.Name, "panic", LogValue(redact(fmt.Sprint(r), rt.Secrets)), "stack", string(debug.Stack()))
	return manifest.Errorf("%s failed with an internal error (%s). This is a bug in intervals-mcp: please report it; other tools still work", e.Name, LogValue(fmt.Sprint(r)))
}

// athlete takes the coach's athlete argument out of args: the call's athlete (the
// configured one when not given), and whether it is every athlete of list_athletes.
func (c *Catalog) athlete(rt *Runtime, e *Entry, args map[string]any) (athlete string, every bool, err error) {
	athlete = rt.AthleteID
	if athlete == "" {
		athlete = "0"
	}
	if !c.coach {
		return athlete, false, nil
	}
	who, _ := args[AthleteArg].(string) // the schema's pattern has checked it
	delete(args, AthleteArg)
	switch {
	case who == EveryAthlete && !e.EveryAthlete:
		return "", false, manifest.Errorf("argument athlete: %s takes one athlete id (from list_athletes), not %s", e.Name, EveryAthlete)
	case who == EveryAthlete:
		return athlete, true, nil
	case who == "":
		return athlete, false, nil
	case who == "0" || toolcall.SameAthlete(who, athlete):
		// The caller themselves, however named: one caller (one key, one budget), not two.
		return athlete, false, nil
	case !strings.HasPrefix(who, "i"):
		who = "i" + who // Intervals.icu's ids are i and digits; the digits alone name the same athlete
	}
	return who, false, nil
}

// withNotices puts the caller's notices (a rollback of theirs, told once) at the top of a
// call's answer or error.
func withNotices(notices []string, text string, err error) (string, error) {
	var over *intervals.OverBudgetError
	if errors.As(err, &over) && !strings.Contains(err.Error(), "roll") {
		err = manifest.Errorf("%s", over.Error()) // a read: the budget's own words say it all
	}
	if len(notices) == 0 {
		return text, err
	}
	head := strings.Join(notices, "\n") + "\n\n"
	if err != nil {
		return "", manifest.Errorf("%s%s", head, errorText(err))
	}
	return head + text, nil
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

// errorText turns a tool's error into what the model reads: what went wrong and what to do.
func errorText(err error) string {
	var me *manifest.Error
	var ae *intervals.Error
	var ne net.Error
	var ue *url.Error
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
	case errors.Is(err, intervals.ErrAnswerTooLarge):
		// net/http wraps it in a *url.Error, a net.Error, though the network is fine: as the
		// client returned it, its message alone; as a tool said it, with what the tool did.
		if errors.As(err, &ue) {
			return intervals.ErrAnswerTooLarge.Error()
		}
		return err.Error()
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
