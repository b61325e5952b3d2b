package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

// marathonBlocks are the four training blocks of marathonBlock's 12 weeks (Mon 2026-12-07 to
// the marathon on Sun 2027-02-28).
var marathonBlocks = [][]string{
	{"Base 1", "2026-12-07", "2027-01-03"},
	{"Base 2", "2027-01-04", "2027-01-24"},
	{"Build", "2027-01-25", "2027-02-14"},
	{"Peak and taper", "2027-02-15", "2027-02-28"},
}

// planCall calls plan_sessions over an MCP session: its text and whether it is an error.
func planCall(t *testing.T, cs *mcp.ClientSession, plan map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "plan_sessions", Arguments: plan})
	if err != nil {
		t.Fatal(err)
	}
	return res.Content[0].(*mcp.TextContent).Text, res.IsError
}

// blockEvents are the plan's blocks in the fake's calendar, by name.
func blockEvents(f *fakeicu.Fake) map[string]api.Event {
	out := map[string]api.Event{}
	for _, e := range planEvents(f, "imcp:") {
		if strings.Contains(deref(e.ExternalId), ":block:") {
			out[deref(e.Name)] = e
		}
	}
	return out
}

func TestPlanWritesItsBlocksWithItsSessionsOnce(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	plan := marathonBlock("Marathon 2027")
	plan["blocks"] = marathonBlocks
	out, isErr := planCall(t, cs, plan)
	if isErr {
		t.Fatal(out)
	}
	containsAll(t, out, `Plan "Marathon 2027": 60 session(s) written all or nothing: 60 new`,
		`4 block(s): "Base 1" Mon 2026-12-07 to Sun 2027-01-03 (4 weeks, id `,
		`; "Peak and taper" Mon 2027-02-15 to Sun 2027-02-28 (2 weeks, id `)
	if n := len(regexp.MustCompile(`weeks, id \d+, new\)`).FindAllString(out, -1)); n != 4 {
		t.Errorf("want 4 new blocks, got %d:\n%s", n, out)
	}
	blocks := blockEvents(f)
	for _, b := range marathonBlocks {
		e, ok := blocks[b[0]]
		if !ok {
			t.Errorf("block %q is not in the calendar", b[0])
			continue
		}
		// a period: a NOTE from its first day to the midnight after its last
		if string(deref(e.Category)) != "NOTE" || deref(e.StartDateLocal) != b[1]+"T00:00:00" || deref(e.EndDateLocal) != addDays(b[2], 1)+"T00:00:00" {
			t.Errorf("block %q written as %s %s..%s", b[0], deref(e.Category), deref(e.StartDateLocal), deref(e.EndDateLocal))
		}
		if !strings.Contains(out, fmt.Sprintf("id %d, new", deref(e.Id))) {
			t.Errorf("the answer does not give block %q's id %d", b[0], deref(e.Id))
		}
	}
	if len(blocks) != 4 || len(planEvents(f, "imcp:")) != 64 {
		t.Fatalf("want 60 sessions and 4 blocks, got %d events, %d blocks", len(planEvents(f, "imcp:")), len(blocks))
	}
	for _, w := range f.Writes() {
		if w.Operation != "createMultipleEvents" {
			t.Errorf("want bulk creates only, got %s", w.Operation)
		}
	}
	// the same plan again creates nothing
	f.ResetWrites()
	out, _ = planCall(t, cs, plan)
	containsAll(t, out, "0 new, 0 updated, 60 unchanged", `"Base 2" Mon 2027-01-04 to Sun 2027-01-24 (3 weeks, id `)
	if n := len(regexp.MustCompile(`weeks, id \d+, unchanged\)`).FindAllString(out, -1)); n != 4 {
		t.Errorf("want 4 unchanged blocks:\n%s", out)
	}
	noWrites(t, f)
	// a block given new dates is updated in place, not added
	plan["blocks"] = [][]string{marathonBlocks[0], marathonBlocks[1], {"Build", "2027-01-25", "2027-02-07"}, {"Peak and taper", "2027-02-08", "2027-02-28"}}
	out, _ = planCall(t, cs, plan)
	if n := len(regexp.MustCompile(`weeks, id \d+, updated\)`).FindAllString(out, -1)); n != 2 {
		t.Errorf("want 2 updated blocks:\n%s", out)
	}
	if b := blockEvents(f); len(b) != 4 || deref(b["Build"].EndDateLocal) != "2027-02-08T00:00:00" || deref(b["Peak and taper"].StartDateLocal) != "2027-02-08T00:00:00" {
		t.Errorf("blocks after the update: %d, Build ends %s", len(b), deref(b["Build"].EndDateLocal))
	}
}

func TestPlanFaultLeavesNeitherSessionsNorBlocks(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	before := demoCalendar(f)
	plan := marathonBlock("Marathon 2027")
	plan["blocks"] = marathonBlocks
	// 64 events in bulk creates of 20: the fourth, with the blocks, fails
	f.Inject(mcptest.Fault(t, "500:op=createMultipleEvents,skip=3,count=1"))
	out, isErr := planCall(t, cs, plan)
	if !isErr {
		t.Fatalf("want an error when the blocks' create fails:\n%s", out)
	}
	containsAll(t, out, "rolled back", "the calendar is as before")
	sameCalendar(t, f, before)
	// a fault on the first create: nothing was written, blocks included
	f.Inject(mcptest.Fault(t, "500:op=createMultipleEvents,count=1"))
	if out, isErr := planCall(t, cs, plan); !isErr {
		t.Fatalf("want an error:\n%s", out)
	}
	sameCalendar(t, f, before)
}

func TestPlanChecksItsBlocks(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	plan := marathonBlock("Marathon 2027")
	for blocks, want := range map[string]string{
		`[["Base", "2026-12-07", "2027-01-10"], ["Build", "2027-01-04", "2027-02-28"]]`: `blocks "Base" (2026-12-07 to 2027-01-10) and "Build" (2027-01-04 to 2027-02-28) overlap: end one the day before the other starts`,
		`[["Base", "2026-12-07"]]`:               `block 1: give [name, first day, last day]`,
		`[["", "2026-12-07", "2027-01-10"]]`:     `block 1: name is empty`,
		`[["Base", "2027-01-10", "2026-12-07"]]`: `block 1 ("Base"): end (2026-12-07) is before start (2027-01-10): swap them`,
		`[["Base", "2026-11-23", "2027-01-10"]]`: `block 1 ("Base"): starts on 2026-11-23, in the past`,
		`[["Base", "7 December", "2027-01-10"]]`: `block 1 ("Base"): start: `,
	} {
		var b [][]string
		if err := json.Unmarshal([]byte(blocks), &b); err != nil {
			t.Fatal(err)
		}
		plan["blocks"] = b
		out, isErr := planCall(t, cs, plan)
		if !isErr || !strings.Contains(out, "Nothing was written") || !strings.Contains(out, want) {
			t.Errorf("%s: want a refusal with %q, got:\n%s", blocks, want, out)
		}
	}
	noWrites(t, f)
	// warnings: a block over one already there, a block past the plan's last session
	mustCallTool(t, env, "create_period", map[string]any{"kind": "BLOCK", "name": "Old base", "start": "2026-12-14", "weeks": 2})
	plan["blocks"] = [][]string{{"Base 1", "2026-12-07", "2027-01-03"}, {"Recovery", "2027-03-01", "2027-03-14"}}
	plan["check_only"] = true
	out, _ := planCall(t, cs, plan)
	containsAll(t, out,
		`- block "Base 1" (Mon 2026-12-07 to Sun 2027-01-03) overlaps the block "Old base" already there (Mon 2026-12-14 to Sun 2026-12-27)`,
		`- block "Recovery" (Mon 2027-03-01 to Sun 2027-03-14) reaches outside the plan's weeks (Mon 2026-12-07 to Sun 2027-02-28)`)
	if regexp.MustCompile(`block "Base 1"[^\n]*outside`).MatchString(out) {
		t.Errorf("Base 1 is within the plan:\n%s", out)
	}
}

// A block with a kind (["Ski week", first, last, "HOLIDAY"]) is written as that period, inside a
// training block without an overlap error, and the calendar check warns of a session the plan
// puts in it, as it would of a holiday already on the calendar; a kind that is not a period's is
// refused before anything is written.
func TestPlanWritesAHolidayBlockAndWarnsOfTheSessionsInIt(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	plan := map[string]any{"plan": "Winter", "sessions": []map[string]any{
		{"date": "2027-01-12", "sport": "Run", "name": "Tempo", "description": "- 40m Z3 HR"},
		{"date": "2027-01-20", "sport": "Run", "name": "Easy", "description": "- 30m Z2 HR"},
	}, "blocks": [][]string{{"Base", "2027-01-11", "2027-01-24"}, {"Ski week", "2027-01-18", "2027-01-24", "holiday"}}}
	out, isErr := planCall(t, cs, plan)
	if isErr {
		t.Fatal(out)
	}
	containsAll(t, out, `2 block(s): "Base" Mon 2027-01-11 to Sun 2027-01-24 (2 weeks, id `,
		`HOLIDAY "Ski week" Mon 2027-01-18 to Sun 2027-01-24 (1 week, id `,
		`Wed 2027-01-20: Run "Easy" falls in HOLIDAY "Ski week"`)
	if strings.Contains(out, `Tue 2027-01-12: Run "Tempo" falls in`) {
		t.Errorf("a session outside the holiday is warned as in it:\n%s", out)
	}
	blocks := blockEvents(f)
	if e := blocks["Ski week"]; string(deref(e.Category)) != "HOLIDAY" || deref(e.EndDateLocal) != "2027-01-25T00:00:00" {
		t.Errorf("the holiday block written as %s to %s, want HOLIDAY to the midnight after 2027-01-24", deref(e.Category), deref(e.EndDateLocal))
	}
	if string(deref(blocks["Base"].Category)) != "NOTE" {
		t.Errorf("the training block written as %s, want a NOTE", deref(blocks["Base"].Category))
	}

	before := len(f.Events("0"))
	plan["plan"], plan["blocks"] = "Rest", [][]string{{"Off", "2027-01-11", "2027-01-17", "rest"}}
	out, isErr = planCall(t, cs, plan)
	if !isErr || !strings.Contains(out, `kind "rest" is not a period's: give BLOCK, HOLIDAY, SICK or INJURED`) {
		t.Errorf("a block of no period's kind: want the kinds named, got (error %v):\n%s", isErr, out)
	}
	if n := len(f.Events("0")); n != before {
		t.Errorf("a refused plan wrote %d event(s)", n-before)
	}
}
