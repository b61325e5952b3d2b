package toolcall

import (
	"context"
	"encoding/json"
	"time"
)

// What a call keeps outside its process (internal/journal, on internal/store): range-delete
// confirmations and the write journal of multi-event writes. Both are nil in tests and
// wherever nothing is kept: the tools then keep them in memory, as before.

// Confirmations keeps range-delete confirmation tokens: a preview puts one, bound to the
// caller and to the preview's content hash, and the confirming call takes it, once. Its
// errors are internal/store's ErrConfirmation* values.
type Confirmations interface {
	PutConfirmation(ctx context.Context, caller, contentHash string, expires time.Time) (token string, err error)
	TakeConfirmation(ctx context.Context, token, caller, contentHash string, now time.Time) error
}

// JournalRecorder persists a call's write journal as it is written, so that a write cut
// short by a crash is undone by the next process (or replica) that looks: the tools call
// Intend once before their first write, with what the call will do in absolute terms (each
// event id and the date it goes to; the external id and day of each event it creates), then
// Record before each create (Creating, by external id) and change (Changed, with the
// original values), and after each create (Created, by id). An error means the write must
// stop (the journal could not be kept, or another replica has taken it over).
type JournalRecorder interface {
	// Intend begins the journal: summary says in words what the call does (for the notice
	// of a recovery), intent is the absolute plan as JSON.
	Intend(ctx context.Context, summary string, intent json.RawMessage) error
	Record(ctx context.Context, entries ...JournalEntry) error
}

// JournalEntry is one thing a write did, or is about to do, upstream.
type JournalEntry struct {
	Kind       JournalKind
	EventID    int64
	ExternalID string
	Original   json.RawMessage // Changed: the original values of the fields changed (a JSON object)
}

// JournalKind says what an entry records.
type JournalKind string

// The kinds of JournalEntry, as internal/store has them.
const (
	JournalCreating JournalKind = "creating"
	JournalCreated  JournalKind = "created"
	JournalChanged  JournalKind = "changed"
)
