package tools

import (
	"encoding/json"
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

// applied is the event as a partial update of fields leaves it, for the answer.
func applied(e planEvent, fields map[string]any) planEvent {
	var all map[string]any
	b, _ := json.Marshal(e.Event)
	_ = json.Unmarshal(b, &all)
	for k, v := range fields {
		all[k] = v
	}
	out := planEvent{activity: e.activity}
	b, _ = json.Marshal(all)
	if json.Unmarshal(b, &out.Event) != nil {
		return e
	}
	return out
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
