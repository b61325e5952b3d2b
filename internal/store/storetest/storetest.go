package storetest

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Crashing panics in its CrashAt-th AppendJournal of entries: the process "dies" in the middle
// of a write, after the request whose answer that append would have recorded (the tool call's
// recover turns the panic into an error, and the journal is left unfinished). A lease's
// renewal (no entries, from the heartbeat's goroutine) is not counted.
type Crashing struct {
	store.Store
	CrashAt int32
	n       atomic.Int32
}

func (c *Crashing) AppendJournal(ctx context.Context, id string, now time.Time, es ...store.JournalEntry) error {
	if len(es) > 0 && c.n.Add(1) == c.CrashAt {
		panic("killed")
	}
	return c.Store.AppendJournal(ctx, id, now, es...)
}
