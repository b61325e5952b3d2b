package tools

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
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

// sessionList is a tool's answer: a head line, then one line per event, within the
// answer's budget (what is cut is counted).
func sessionList(env *manifest.Env, head string, lines []string) string {
	return format.List{Head: head, Items: lines, Noun: "events", Hint: "get_events shows them all"}.Render(env.MaxChars())
}

// createdLines lists events this call created.
func createdLines(a *athleteCtx, created []intervals.Event) []string {
	lines := make([]string, len(created))
	for i, e := range created {
		lines[i] = "- " + eventText(a, planEvent{Event: e})
	}
	return lines
}

// eventText is an event's one-line summary, with its status.
func eventText(a *athleteCtx, e planEvent) string {
	return a.units.EventLine(e.Event, e.activity, a.today)
}
