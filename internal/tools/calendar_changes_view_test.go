package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// calendarViewOf decodes a result's structuredContent as the plan view's calendar before and after.
func calendarViewOf(t *testing.T, res *mcp.CallToolResult) *charts.Plan {
	t.Helper()
	return planViewOf(t, res, "calendar")
}

// changesIn are the view's sessions that move or appear (From set), and the places moved
// sessions leave (To set), by id.
func changesIn(p *charts.Plan) (changed []charts.PlanSession, left map[int32]string) {
	left = map[int32]string{}
	for _, s := range p.Sessions {
		if s.From != "" {
			changed = append(changed, s)
		}
		if s.To != "" {
			left[s.ID] = s.Date
		}
	}
	return changed, left
}

// TestMovePreviewShowsTheCalendarBeforeAndAfter: move_sessions with check_only writes nothing
// and shows, in the plan view, each session on its new day with the day it comes from and
// its place before; the move itself then shows where Intervals.icu put them. Both MCP
// revisions; a client without views gets the text alone.
func TestMovePreviewShowsTheCalendarBeforeAndAfter(t *testing.T) {
	for _, version := range []string{"", "2025-11-25"} {
		f, env := demoFake(t)
		cs := appsSession(t, env, true, version)
		ws := futureWorkouts(t, f, 2)
		args := map[string]any{"ids": []any{deref(ws[0].Id), deref(ws[1].Id)}, "days": 1, "check_only": true}
		res := callRaw(t, cs, "move_sessions", args)
		if res.IsError {
			t.Fatal(textOf(res))
		}
		noWrites(t, f)
		containsAll(t, textOf(res), previewHead+"Moved 2 session(s) by +1 day(s)", "The user sees the calendar before and after.")
		p := calendarViewOf(t, res)
		if p.Written || p.Approve != "" {
			t.Errorf("a preview shown as written (%v) or with a button (%q)", p.Written, p.Approve)
		}
		changed, left := changesIn(p)
		if len(changed) != 2 {
			t.Fatalf("%d sessions shown moving, want 2: %+v", len(changed), p.Sessions)
		}
		for i, s := range changed {
			from := dayOfEvent(ws[i])
			if s.From != from || s.Date != plusDays(from, 1) || s.Copy || left[deref(ws[i].Id)] != from {
				t.Errorf("session %d shown from %s to %s (left %s), want from %s to %s", deref(ws[i].Id), s.From, s.Date, left[deref(ws[i].Id)], from, plusDays(from, 1))
			}
			if s.Date < p.First || s.Date > addDays(p.Last, 6) {
				t.Errorf("%s is outside the weeks shown (%s to %s)", s.Date, p.First, p.Last)
			}
		}
		for _, s := range p.Sessions {
			if s.Existing && (s.ID == deref(ws[0].Id) || s.ID == deref(ws[1].Id)) {
				t.Errorf("a moved session is also shown where it was as a session of the calendar: %+v", s)
			}
		}
		for _, w := range p.Warnings {
			if !strings.Contains(textOf(res), w.Text) {
				t.Errorf("warning %q in the view is not in the answer", w.Text)
			}
		}

		args["check_only"] = false
		res = callRaw(t, cs, "move_sessions", args)
		if res.IsError {
			t.Fatal(textOf(res))
		}
		p = calendarViewOf(t, res)
		changed, _ = changesIn(p)
		if !p.Written || len(changed) != 2 || strings.HasPrefix(textOf(res), previewHead) {
			t.Fatalf("after the move: written %v, %d changes, answer %q", p.Written, len(changed), textOf(res))
		}
		for i, s := range changed {
			e, _ := eventByID(f, deref(ws[i].Id))
			if s.Date != dayOfEvent(e) || s.ID != deref(ws[i].Id) || dayOfEvent(e) != plusDays(dayOfEvent(ws[i]), 1) {
				t.Errorf("after the move the view shows %d on %s, Intervals.icu has it on %s", s.ID, s.Date, dayOfEvent(e))
			}
		}
	}
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 1)
	res := callRaw(t, appsSession(t, env, false, ""), "move_sessions", map[string]any{"ids": []any{deref(ws[0].Id)}, "days": 1, "check_only": true})
	if res.IsError || res.StructuredContent != nil || strings.Contains(textOf(res), "The user sees") {
		t.Errorf("without views: %v %v %q", res.IsError, res.StructuredContent, textOf(res))
	}
	noWrites(t, f)
}

// TestCopyAndRepeatPreviewsShowTheCopies: copy_sessions and repeat_session with check_only
// write nothing and show the copies on their days with the day of their source; written,
// the view shows what Intervals.icu made; a repeat previewed again shows them already there.
func TestCopyAndRepeatPreviewsShowTheCopies(t *testing.T) {
	f, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	ws := futureWorkouts(t, f, 1)
	src := dayOfEvent(ws[0])
	copyArgs := map[string]any{"ids": []any{deref(ws[0].Id)}, "to_date": plusDays(src, 3), "check_only": true}
	res := callRaw(t, cs, "copy_sessions", copyArgs)
	if res.IsError {
		t.Fatal(textOf(res))
	}
	noWrites(t, f)
	containsAll(t, textOf(res), previewHead+"Copied 1 session(s), +3 day(s) later")
	changed, left := changesIn(calendarViewOf(t, res))
	if len(changed) != 1 || !changed[0].Copy || changed[0].From != src || changed[0].Date != plusDays(src, 3) || len(left) != 0 {
		t.Fatalf("copy preview: %+v, left %v", changed, left)
	}
	copyArgs["check_only"] = false
	res = callRaw(t, cs, "copy_sessions", copyArgs)
	changed, _ = changesIn(calendarViewOf(t, res))
	if res.IsError || len(changed) != 1 || changed[0].ID == 0 || changed[0].ID == deref(ws[0].Id) {
		t.Fatalf("copied: %q %+v", textOf(res), changed)
	}
	if e, ok := eventByID(f, changed[0].ID); !ok || dayOfEvent(e) != plusDays(src, 3) {
		t.Errorf("the view shows copy %d on %s, the calendar has %v", changed[0].ID, changed[0].Date, e.StartDateLocal)
	}

	f.ResetWrites()
	rep := map[string]any{"id": deref(ws[0].Id), "times": 2, "check_only": true}
	res = callRaw(t, cs, "repeat_session", rep)
	if res.IsError {
		t.Fatal(textOf(res))
	}
	noWrites(t, f)
	containsAll(t, textOf(res), previewHead+"Repeated", "2 cop(ies) created")
	changed, _ = changesIn(calendarViewOf(t, res))
	if len(changed) != 2 || changed[0].Date != plusDays(src, 7) || changed[1].Date != plusDays(src, 14) || changed[1].From != src {
		t.Fatalf("repeat preview: %+v", changed)
	}
	rep["check_only"] = false
	if res = callRaw(t, cs, "repeat_session", rep); res.IsError {
		t.Fatal(textOf(res))
	}
	f.ResetWrites()
	rep["check_only"] = true
	res = callRaw(t, cs, "repeat_session", rep)
	noWrites(t, f)
	changed, _ = changesIn(calendarViewOf(t, res))
	if len(changed) != 2 || changed[0].Status != "already there" || changed[0].ID == 0 {
		t.Errorf("repeat previewed again: %+v", changed)
	}
	containsAll(t, textOf(res), "0 cop(ies) created, 2 already there")
}
