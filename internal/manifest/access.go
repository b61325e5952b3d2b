package manifest

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Access says what a tool may do to the athlete's data. The zero value is invalid, so that
// no tool can be defined without choosing.
type Access int

const (
	_ Access = iota // unset: invalid
	// Read tools only read.
	Read
	// Write tools create or change planned data (sessions, notes, metrics, settings); they never
	// touch recorded activities or sessions paired with one.
	Write
	// Destructive tools delete, or overwrite in a way that cannot be undone.
	Destructive
)

func (a Access) String() string {
	switch a {
	case Read:
		return "read"
	case Write:
		return "write"
	case Destructive:
		return "destructive"
	}
	return fmt.Sprintf("Access(%d)", int(a))
}

// Valid reports whether a is one of Read, Write, Destructive.
func (a Access) Valid() bool { return a == Read || a == Write || a == Destructive }

// Annotations derives the MCP tool annotations from the access class. Every tool talks to
// Intervals.icu, an outside service: openWorldHint is true, which is its default, so it is
// not sent. Nor is the title, which is the tool's own (mcp.Tool.Title, where the spec has
// clients look first). A read tool has no destructiveHint: the spec gives it meaning only
// when readOnlyHint is false. Each would be paid on every request.
func (d Def) Annotations() *mcp.ToolAnnotations {
	yes, no := true, false
	a := &mcp.ToolAnnotations{}
	switch d.Access {
	case Read:
		a.ReadOnlyHint = true
		a.IdempotentHint = true
	case Write:
		a.DestructiveHint = &no
		a.IdempotentHint = d.Idempotent
	case Destructive:
		a.DestructiveHint = &yes
		a.IdempotentHint = d.Idempotent
	}
	return a
}
