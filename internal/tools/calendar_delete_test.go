package tools

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"

	"github.com/google/go-cmp/cmp"
)

func TestDeleteEventRefusesAPairedSession(t *testing.T) {
	f, env := demoFake(t)
	paired, _ := pairedAndFreeSession(t, f)
	before := f.Events("0")
	_, err := callTool(t, env, "delete_event", `{"event_id":`+idArg(paired)+`}`)
	if err == nil || !strings.Contains(err.Error(), "paired with recorded activity") {
		t.Fatalf("want a refusal naming the pairing, got %v", err)
	}
	if diff := cmp.Diff(before, f.Events("0")); diff != "" {
		t.Errorf("the calendar changed:\n%s", diff)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
}

func TestDeleteEventDeletesAFreeSession(t *testing.T) {
	f, env := demoFake(t)
	_, free := pairedAndFreeSession(t, f)
	out := mustCallTool(t, env, "delete_event", `{"event_id":`+idArg(free)+`}`)
	if !strings.HasPrefix(out, "Deleted: ") {
		t.Errorf("answer: %q", out)
	}
	for _, e := range f.Events("0") {
		if *e.Id == free {
			t.Fatal("the event is still on the calendar")
		}
	}
	if w := f.Writes(); len(w) != 1 || w[0].Operation != "deleteEvent" || !strings.Contains(w[0].Path, "/events/") {
		t.Errorf("want one deleteEvent on the plural path, got %+v", w)
	}
}

func TestRangeDeletePreviewsWithoutWriting(t *testing.T) {
	f, env := demoFake(t)
	out, _ := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, `{"oldest":"2026-11-23","newest":"2026-12-06"}`)
	if w := f.Writes(); len(w) != 0 {
		t.Fatalf("a preview wrote: %+v", w)
	}
	if !strings.Contains(out, "Preview, nothing deleted yet") || !strings.Contains(out, "Kept (paired with a recorded activity, never deleted)") {
		t.Errorf("the preview should list what goes and what is kept:\n%s", out)
	}
	golden(t, "delete_events_by_date_range", "two_weeks_preview", confirmTokenRe().ReplaceAllString(out, `confirm="TOKEN"`)+"\n", maskNumbers)
}

func TestRangeDeleteDeletesExactlyThePreviewedEventsByID(t *testing.T) {
	f, env := demoFake(t)
	args := `{"oldest":"2026-11-23","newest":"2026-12-06"}`
	_, token := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	paired := demoAthlete(t, f).PairedActivity
	out := mustCallTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-11-23","newest":"2026-12-06","confirm":"`+token+`"}`)
	if !strings.HasPrefix(out, "Deleted ") {
		t.Fatalf("answer: %s", out)
	}
	w := f.Writes()
	if len(w) != 1 || w[0].Operation != "deleteEventsBulk" {
		t.Fatalf("want one bulk delete by id (never the range endpoint), got %+v", w)
	}
	for _, e := range f.Events("0") {
		d := (*e.StartDateLocal)[:10]
		inRange := d >= "2026-11-23" && d <= "2026-12-06"
		if inRange && paired[*e.Id] == "" {
			t.Errorf("event %d (%s) in the range was not deleted", *e.Id, d)
		}
	}
	kept := 0
	for _, e := range f.Events("0") {
		if paired[*e.Id] != "" && (*e.StartDateLocal)[:10] >= "2026-11-23" {
			kept++
		}
	}
	if kept == 0 {
		t.Error("paired sessions must be kept")
	}
}

func TestRangeDeleteWithoutTokenWritesNothingAndWithAWrongOneIsRefused(t *testing.T) {
	f, env := demoFake(t)
	mustCallTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-06"}`)
	before := f.Events("0")
	for name, token := range map[string]string{
		"garbage":        "not-a-token",
		"forged expiry":  "99999999999.00112233445566778899aabbccddeeff",
		"other range":    previewDeleteToken(t, env, `{"oldest":"2026-12-01","newest":"2026-12-05"}`),
		"other category": previewDeleteToken(t, env, `{"oldest":"2026-12-01","newest":"2026-12-06","category":["NOTE"]}`),
	} {
		_, err := callTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-06","confirm":"`+token+`"}`)
		if err == nil || !strings.Contains(err.Error(), "nothing was deleted") {
			t.Errorf("%s: want a refusal, got %v", name, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
	if diff := cmp.Diff(before, f.Events("0")); diff != "" {
		t.Errorf("the calendar changed:\n%s", diff)
	}
}

func TestRangeDeleteRefusesAStaleToken(t *testing.T) {
	f, env := demoFake(t)
	args := `{"oldest":"2026-12-01","newest":"2026-12-06"}`
	_, token := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	later := samples.Now.Add(tokenTTL + time.Minute)
	env.Now = func() time.Time { return later }
	_, err := callTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-06","confirm":"`+token+`"}`)
	if err == nil || !strings.Contains(err.Error(), "expired") {
		t.Fatalf("want an expired-token refusal, got %v", err)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
}

func TestRangeDeleteRefusesWhenTheCalendarChanged(t *testing.T) {
	f, env := demoFake(t)
	args := `{"oldest":"2026-12-01","newest":"2026-12-06"}`
	_, token := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	mustCallTool(t, env, "add_or_update_event", `{"category":"NOTE","date":"2026-12-03","name":"added after the preview"}`)
	f.ResetWrites()
	_, err := callTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-06","confirm":"`+token+`"}`)
	if err == nil || !strings.Contains(err.Error(), "calendar changed") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
}

func TestRangeDeleteAbortsWhenTheUserDeclines(t *testing.T) {
	f, env := demoFake(t)
	args := `{"oldest":"2026-12-01","newest":"2026-12-06"}`
	_, token := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	var asked string
	env.Confirm = func(_ context.Context, q string) (bool, bool, error) { asked = q; return false, true, nil }
	out := mustCallTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-06","confirm":"`+token+`"}`)
	if !strings.Contains(out, "declined") || !strings.Contains(asked, "Delete") {
		t.Errorf("answer %q after question %q", out, asked)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
}

func TestDeleteEventTakesSeveralIDsAllOrNothing(t *testing.T) {
	f, env := demoFake(t)
	paired, free := pairedAndFreeSession(t, f)
	before := f.Events("0")
	_, err := callTool(t, env, "delete_event", `{"event_ids":[`+idArg(free)+`,`+idArg(paired)+`]}`)
	if err == nil || !strings.Contains(err.Error(), idArg(paired)) {
		t.Fatalf("a list with a paired session must be refused, naming it; got %v", err)
	}
	if diff := cmp.Diff(before, f.Events("0")); diff != "" {
		t.Errorf("the calendar changed after the refusal:\n%s", diff)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Fatalf("writes were made: %+v", w)
	}
	var other int32
	for _, e := range f.Events("0") {
		if e.Id != nil && *e.Id != free && *e.Id != paired && e.Category != nil && *e.Category == "NOTE" {
			other = *e.Id
			break
		}
	}
	if other == 0 {
		t.Fatal("the demo calendar has no NOTE to delete")
	}
	out := mustCallTool(t, env, "delete_event", `{"event_ids":[`+idArg(free)+`,"`+idArg(other)+`"]}`)
	if !strings.Contains(out, "Deleted 2 event(s)") {
		t.Errorf("answer: %q", out)
	}
	for _, e := range f.Events("0") {
		if *e.Id == free || *e.Id == other {
			t.Errorf("event %d is still on the calendar", *e.Id)
		}
	}
	if w := f.Writes(); len(w) != 1 || w[0].Operation != "deleteEventsBulk" {
		t.Errorf("want one bulk delete, got %+v", w)
	}
}

// TestRangeDeleteKeepsToTheBudget: a preview and a delete over months of calendar fit the
// answer budget, say what they did not list, and the preview always keeps its token.
func TestRangeDeleteKeepsToTheBudget(t *testing.T) {
	f, env := demoFake(t)
	env.Budget = 1200
	args := `{"oldest":"2026-09-01","newest":"2026-12-31"}`
	out, token := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	if n := len([]rune(out)); n > 1200 || !strings.Contains(out, "more ") {
		t.Errorf("preview of %d characters at a budget of 1200, cut not said:\n%s", n, out)
	}
	out = mustCallTool(t, env, "delete_events_by_date_range", `{"oldest":"2026-09-01","newest":"2026-12-31","confirm":"`+token+`"}`)
	if n := len([]rune(out)); n > 1200 || !strings.HasPrefix(out, "Deleted ") || !strings.Contains(out, "more ") {
		t.Errorf("answer of %d characters at a budget of 1200:\n%s", n, out)
	}
	if len(f.Writes()) != 1 {
		t.Errorf("want one bulk delete, got %+v", f.Writes())
	}
}

func TestDeleteSessionsTakesSeveralIDs(t *testing.T) {
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 3)
	out, err := deleteSessions(context.Background(), env, []sessionRef{sessionRef(itoa(deref(ws[0].Id))), sessionRef(itoa(deref(ws[2].Id)))})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "Deleted 2 event(s)", deref(ws[0].Name))
	for i, w := range ws {
		if _, there := eventByID(f, deref(w.Id)); there != (i == 1) {
			t.Errorf("event %d: there=%v after deleting the first and the third", deref(w.Id), there)
		}
	}
	if n := len(f.Writes()); n != 1 {
		t.Errorf("want one bulk delete, got %d writes", n)
	}
}
