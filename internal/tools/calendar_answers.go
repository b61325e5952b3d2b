package tools

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

func idList(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = fmt.Sprint(id)
	}
	return strings.Join(s, ", ")
}

// session is the event as a write answer shows it.
func (e planEvent) session() format.Session {
	return format.Session{Event: e.Event, Paired: e.activity}
}

// sessions are the events as a write answer shows them.
func sessions(es []planEvent) []format.Session {
	out := make([]format.Session, len(es))
	for i, e := range es {
		out[i] = e.session()
	}
	return out
}
