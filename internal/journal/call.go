package journal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Call is the journal side of one tool call (Begin): the call's journal once it writes, its
// range-delete confirmations, and the notices its caller is owed.
type Call struct {
	k       *Keeper
	tool    string
	caller  string // env.Caller.Key
	athlete string
	signed  string // the signed-in athlete whose credential the call runs under ("" the server's)
	journal string // the journal's id, once begun
	summary string // what the journal says the call does (Intend)
	renew   func() // stops the journal's heartbeat
	// look: the caller may have work pending, so the call settles their journals and takes
	// their notices; clean: it found none left, under the journal signal at.
	look, clean bool
	at          int64
	told        []toldLine // a read's lines on the caller's writes not settled yet (settle)
	// env is the call's (its client, athlete and caller), and entries what it recorded: a
	// cancelled call's last request may land after its rollback (EndUnread looks again).
	env     *toolcall.Env
	entries []store.JournalEntry
}

// Begin wires env (its Caller set, its Key included) for one call of tool (write: it may
// write): env.Journal and env.Confirmations keep what the call does in the store. With the
// store open (a write opens it; a read, when it is open already or holds work) it first
// settles the caller's unfinished journals: rolled back if their writer is gone, waited for
// (a write) while another replica writes them. It looks only when the caller may have any
// (pending.go): a call of any other caller reads the store's signals once, shared with the
// bearer's verification (env.Caller.Verified). An error refuses the call: an earlier write
// of the caller's is still unfinished. A nil Keeper returns a nil Call, which does nothing.
func (k *Keeper) Begin(ctx context.Context, env *toolcall.Env, tool string, write bool) (*Call, error) {
	if k == nil {
		return nil, nil
	}
	c := &Call{k: k, tool: tool, caller: env.Caller.Key, athlete: env.AthleteID, signed: env.Caller.AthleteID, env: env}
	env.Confirmations = confirmations{c}
	env.Journal = c
	st := k.Opened()
	if st == nil && (write || k.opts.HoldsWork) {
		var err error
		if st, err = k.Open(ctx); err != nil {
			k.log("open the store", "error", err)
		}
	}
	if st == nil {
		return c, nil
	}
	since := env.Caller.Verified
	if since.IsZero() {
		since = time.Now()
	}
	maybe, at, err := k.pending.check(ctx, st, c.caller, since)
	if err != nil {
		k.log("a caller's pending work", "error", err)
	}
	if !maybe {
		return c, nil
	}
	c.look, c.at = true, at
	left, told, err := k.settle(ctx, st, c.caller, write)
	c.clean = err == nil && left == 0
	c.told = told
	return c, err
}

// End finishes the call's journal, if it began one: done, or failed (the tool rolled back
// and said so).
func (c *Call) End(ctx context.Context, failed bool) { c.end(ctx, failed, "") }

// EndUnread is End for a call whose client cancelled it and will not read its answer: the
// journal, if the call began one, is finished with a notice for the caller's next call (as
// after a crash), saying that the write was cancelled and what says its answer (the tool's
// account of what was written and undone). A request the call sent just before the cancel
// may still land upstream after the call's rollback (real upstreams finish a request whose
// client has gone): as after a crash, the journal is then kept (its lease renewed, the
// caller's reads told so, their writes waiting) and looked at again once that request can
// no longer land (Options.InFlight), undone again where it did, and only then finished, its
// notice counting what landed late.
func (c *Call) EndUnread(ctx context.Context, failed bool, answer string) {
	if c == nil || c.journal == "" {
		c.End(ctx, failed)
		return
	}
	of := "Your " + c.tool
	if c.summary != "" && c.summary != c.tool {
		of += " (" + c.summary + ")"
	}
	notice := of + " was cancelled by your client before its answer came: " + answer
	late := inFlight(c.entries)
	if !failed || len(late) == 0 || c.k.Opened() == nil || c.env == nil || c.env.Client == nil {
		c.end(ctx, failed, notice)
		return
	}
	c.k.marks.cancelRechecking(c.journal)
	c.k.rechecks.Add(1)
	bg := c.k.background
	cancelled := time.Now()
	go func() {
		defer c.k.rechecks.Done()
		select {
		case <-time.After(time.Until(cancelled.Add(c.k.opts.InFlight))):
		case <-bg.Done():
			c.renew() // shutting down: the journal comes back to a recovery once its lease passes
			c.k.marks.rolledBack(c.journal)
			return
		}
		again := undo(caller.With(bg, c.env.Caller), c.env, late)
		outcome := "failed"
		if n := again.removed + again.restored; n > 0 {
			notice += fmt.Sprintf(" Then %d change(s) sent just before the cancel landed after that rollback, and were undone too", n)
			if len(again.left) == 0 {
				notice += ": the calendar is as it was."
			}
		}
		if len(again.left) > 0 {
			outcome = "incomplete"
			notice += fmt.Sprintf(" A change sent just before the cancel landed after that rollback and could not be undone (%s): check the calendar with get_events.", strings.Join(again.left, "; "))
		}
		c.k.log("a cancelled write looked at again", "journal", c.journal, "late", again.removed+again.restored, "left", len(again.left))
		c.finishRechecked(bg, outcome, notice)
	}()
}

// finishRechecked finishes a cancelled call's journal after its look again (EndUnread).
func (c *Call) finishRechecked(ctx context.Context, outcome, notice string) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c.renew()
	if st := c.k.Opened(); st != nil {
		if err := st.FinishJournal(ctx, c.journal, c.k.now(), outcome, notice); err != nil {
			c.k.log("finish a cancelled journal", "id", c.journal, "error", err)
		}
		metrics.Journal(metrics.JournalRollback)
	}
	c.k.marks.rolledBack(c.journal)
}

func (c *Call) end(ctx context.Context, failed bool, notice string) {
	if c == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if c.renew != nil {
		c.renew()
	}
	if st := c.k.Opened(); c.journal != "" && st != nil {
		outcome := "done"
		if failed {
			outcome = "failed"
			metrics.Journal(metrics.JournalRollback)
		}
		if err := st.FinishJournal(ctx, c.journal, c.k.now(), outcome, notice); err != nil {
			c.k.log("finish journal", "id", c.journal, "error", err)
			if !errors.Is(err, store.ErrJournalLost) {
				// The store is lost: the call has done or undone its write and said so; the
				// record is finished as such when the store is back (owed), not undone again.
				c.k.marks.owe(c.journal, owed{outcome: outcome, notice: notice})
			}
		}
	}
	if c.renew != nil { // once finished: until then, a call of the caller's that finds it pending finds it live
		c.k.marks.callEnded(c.journal)
	}
}

// Notices takes the notices kept for the call's caller (each is handed over once): what
// their answer opens with. None while the store is not open, or when Begin found that the
// caller has none.
func (c *Call) Notices(ctx context.Context) []string {
	if c == nil || !c.look {
		return nil
	}
	st := c.k.Opened()
	if st == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	ns, err := st.TakeNotices(ctx, c.caller)
	if err != nil {
		c.k.log("take notices", "error", err)
	} else if c.clean && c.journal == "" {
		c.k.pending.clear(c.caller, c.at) // nothing left: their next calls need not look
	}
	out := make([]string, 0, len(ns)+len(c.told))
	for _, n := range ns {
		out = append(out, n.Text)
	}
	return append(out, c.stillUnsettled(ctx, st, len(ns) > 0)...)
}

// stillUnsettled is what the call tells of the journals Begin found unsettled: those that
// are still. A journal settled since (on another replica, or by its recheck here) has left
// its notice, taken with the others (taken): its line "still being written" would contradict
// that notice, so the journals are read again then (rarely: a notice and an unsettled
// journal in one call).
func (c *Call) stillUnsettled(ctx context.Context, st store.Store, taken bool) []string {
	if len(c.told) == 0 {
		return nil
	}
	var open map[string]bool
	if taken {
		if pending, err := st.PendingJournals(ctx, c.caller); err == nil {
			open = make(map[string]bool, len(pending))
			for _, j := range pending {
				open[j.ID] = true
			}
		}
	}
	out := make([]string, 0, len(c.told))
	for _, l := range c.told {
		if open == nil || open[l.journal] {
			out = append(out, l.text)
		}
	}
	return out
}

// errStoreLost is what a call is told when the store does not answer (the log has why:
// no network detail in an answer).
var errStoreLost = errors.New("the store (database) did not answer")

// kept is err as the call's tool is told it: ErrJournalLost as it is, any other store error
// as errStoreLost, logged.
func (c *Call) kept(err error) error {
	if err == nil || errors.Is(err, store.ErrJournalLost) {
		return err
	}
	c.k.log("keep a write journal", "tool", c.tool, "error", err)
	return errStoreLost
}

// Intend implements toolcall.JournalRecorder: it opens the store if needed and begins the
// journal with the call's intent, renewed from then on until the call ends.
func (c *Call) Intend(ctx context.Context, summary string, intent json.RawMessage) error {
	st, err := c.k.Open(ctx)
	if err != nil {
		return c.kept(err)
	}
	if c.journal != "" {
		return errors.New("the journal is begun already")
	}
	c.summary = summary
	start := store.JournalStart{Caller: c.caller, Tool: c.tool, Athlete: c.athlete, Summary: summary, Intent: intent, CredentialAthlete: c.signed}
	if c.journal, err = c.k.marks.begin(ctx, func() (string, error) { return st.BeginJournal(ctx, start, c.k.now()) }); err != nil {
		return c.kept(err)
	}
	c.renew = c.k.keepLease(st, c.journal)
	metrics.Journal(metrics.JournalBegin)
	return nil
}

// Record implements toolcall.JournalRecorder: a first entry without an intent begins the
// journal with none.
func (c *Call) Record(ctx context.Context, entries ...toolcall.JournalEntry) error {
	if c.journal == "" {
		if err := c.Intend(ctx, c.tool, nil); err != nil {
			return err
		}
	}
	st, err := c.k.Open(ctx)
	if err != nil {
		return c.kept(err)
	}
	es := make([]store.JournalEntry, len(entries))
	for i, e := range entries {
		es[i] = store.JournalEntry{Kind: store.EntryKind(e.Kind), EventID: e.EventID, ExternalID: e.ExternalID, Original: e.Original}
	}
	c.entries = append(c.entries, es...)
	return c.kept(st.AppendJournal(ctx, c.journal, c.k.now(), es...))
}

// confirmations is toolcall.Confirmations on the store, opened on first use.
type confirmations struct{ c *Call }

func (k confirmations) PutConfirmation(ctx context.Context, caller, contentHash string, expires time.Time) (string, error) {
	st, err := k.c.k.Open(ctx)
	if err != nil {
		return "", err
	}
	return st.PutConfirmation(ctx, caller, contentHash, expires)
}

func (k confirmations) TakeConfirmation(ctx context.Context, token, caller, contentHash string, now time.Time) error {
	st, err := k.c.k.Open(ctx)
	if err != nil {
		return err
	}
	return st.TakeConfirmation(ctx, token, caller, contentHash, now)
}

// Abandon ends a call that stopped without rolling back what it wrote (its tool panicked):
// its journal is left unfinished, no longer renewed, for the recovery to roll back once its
// lease has passed, as if its process had died.
func (c *Call) Abandon() {
	if c == nil || c.renew == nil {
		return
	}
	c.renew()
	c.k.marks.callEnded(c.journal)
}
