package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// seedBlocks are the marathon plan's four training blocks, Mon 2026-12-21 to race day.
var seedBlocks = [][]string{
	{"Base 1", "2026-12-21", "2027-01-17"},
	{"Base 2", "2027-01-18", "2027-02-07"},
	{"Build", "2027-02-08", "2027-02-28"},
	{"Taper", "2027-03-01", "2027-03-14"},
}

// seedPlan is the seed's ask, "a 12-week plan for a marathon on 14 March": 60 sessions
// (marathonAsk) in 4 blocks, checked only.
func seedPlan() map[string]any {
	return map[string]any{"plan": "Marathon 14 March", "sessions": marathonAsk(), "blocks": seedBlocks, "check_only": true}
}

// planOf decodes a result's structuredContent as the plan view's data.
func planOf(t *testing.T, res *mcp.CallToolResult) *charts.Plan {
	t.Helper()
	return planViewOf(t, res, "plan")
}

// planViewOf decodes a result's structuredContent as the plan view's data of kind.
func planViewOf(t *testing.T, res *mcp.CallToolResult, kind string) *charts.Plan {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var p charts.Plan
	if err := json.Unmarshal(b, &p); err != nil || p.Kind != kind {
		t.Fatalf("no plan view data of kind %s (%v): %s", kind, err, b)
	}
	return &p
}

func callRaw(t *testing.T, cs *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func textOf(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}

// approveArgs are the view's call of its tool: the plan as the view holds it, confirmed.
func approveArgs(p *charts.Plan, confirm string) map[string]any {
	var plan map[string]any
	_ = json.Unmarshal(p.Args, &plan)
	args := map[string]any{"plan": plan}
	if confirm != "" {
		args["confirm"] = confirm
	}
	return args
}

// TestPlanViewPreviewsAndWritesTheSeedPlan runs the seed's marathon plan through a client
// that renders views: the preview's data (weeks, sessions in their days with targets and
// steps, blocks, the calendar's races and periods, warnings on their days, form projected),
// then the view's tool writes it once, a second time changes nothing, an altered plan and an
// expired preview are refused, and a session moved is checked again before it is written.
func TestPlanViewPreviewsAndWritesTheSeedPlan(t *testing.T) {
	f, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range list.Tools {
		ui, _ := tl.Meta["ui"].(map[string]any)
		switch tl.Name {
		case "plan_sessions":
			if ui["resourceUri"] != charts.PlanViewURI {
				t.Errorf("plan_sessions _meta %v, want the plan view", tl.Meta)
			}
		case approveTool:
			if vis, _ := json.Marshal(ui["visibility"]); string(vis) != `["app"]` {
				t.Errorf("%s _meta %v, want visibility [\"app\"]", approveTool, tl.Meta)
			}
		}
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: charts.PlanViewURI})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].MIMEType != "text/html;profile=mcp-app" {
		t.Fatalf("plan view resource: %v %+v", err, rr)
	}
	if html := rr.Contents[0].Text; len(html) >= 60_000 || externalURL().MatchString(html) {
		t.Errorf("plan view: %d bytes (limit 60000), or a URL: %v", len(html), externalURL().FindString(html))
	}

	res := callRaw(t, cs, "plan_sessions", seedPlan())
	if res.IsError {
		t.Fatal(textOf(res))
	}
	noWrites(t, f)
	p := planOf(t, res)
	containsAll(t, textOf(res), `Plan "Marathon 14 March": 60 session(s) checked, nothing written (check_only)`, "The user sees the plan on a calendar grid")
	var ours, held int
	for _, s := range p.Sessions {
		if s.Existing {
			held++
			continue
		}
		ours++
		if s.Name == "Intervals" && (s.Targets == "" || len(s.Steps) < 3 || s.Seconds == 0 || s.Load == 0) {
			t.Errorf("Intervals without its targets, steps, time or load: %+v", s)
		}
	}
	bands := 0
	for _, b := range p.Bands {
		if b.Plan {
			bands++
		}
	}
	if ours != 60 || bands != 4 || len(p.Weeks) != 12 || p.Weeks[0].Monday != "2026-12-21" || p.Preview == "" || p.Written {
		t.Fatalf("preview: %d sessions, %d blocks, %d weeks from %s, preview %q", ours, bands, len(p.Weeks), p.Weeks[0].Monday, p.Preview)
	}
	found := func(date, name string) bool {
		for _, s := range p.Sessions {
			if s.Existing && s.Date == date && strings.Contains(s.Name, name) {
				return true
			}
		}
		return false
	}
	if !found("2027-01-03", "Harbour Half Marathon") || !found("2027-01-30", "Coastal 70.3") {
		t.Errorf("the calendar's races are not in place: %d held sessions", held)
	}
	onDay := false
	for _, w := range p.Warnings {
		onDay = onDay || (w.Date == "2027-01-03" && w.Kind == "race day" && strings.Contains(w.Text, "Harbour Half Marathon"))
	}
	if !onDay {
		t.Errorf("no race-day warning on Sun 2027-01-03: %+v", p.Warnings)
	}
	if p.Fitness == nil || len(p.Fitness.Days) < 80 || len(p.Fitness.Races) == 0 {
		t.Errorf("no form projected over the plan with its races: %+v", p.Fitness)
	}

	// An altered plan, then an expired preview: refused, nothing written.
	altered := approveArgs(p, p.Preview)
	altered["plan"].(map[string]any)["sessions"].([]any)[0].(map[string]any)["name"] = "Hills"
	if r := callRaw(t, cs, approveTool, altered); !r.IsError || !strings.Contains(textOf(r), "not the one previewed") {
		t.Errorf("an altered plan: %s", textOf(r))
	}
	later := *env
	later.Now = func() time.Time { return env.Now().Add(61 * time.Minute) }
	if r := callRaw(t, appsSession(t, &later, true, ""), approveTool, approveArgs(p, p.Preview)); !r.IsError || !strings.Contains(textOf(r), "expired after 60 minutes") {
		t.Errorf("an expired preview: %s", textOf(r))
	}
	noWrites(t, f)

	// The button: written once, with what Intervals.icu answered.
	w := callRaw(t, cs, approveTool, approveArgs(p, p.Preview))
	if w.IsError {
		t.Fatal(textOf(w))
	}
	containsAll(t, textOf(w), "60 session(s) written all or nothing: 60 new")
	wp := planOf(t, w)
	if !wp.Written || wp.Sessions[0].ID == 0 || wp.Sessions[0].Status != "new" || len(wp.Sessions[0].Steps) == 0 {
		t.Errorf("after the write: %+v", wp.Sessions[0])
	}
	if n, b := len(planEvents(f, "imcp:")), len(blockEvents(f)); n != 64 || b != 4 {
		t.Fatalf("written: %d events, %d blocks; want 60 sessions and 4 blocks", n, b)
	}
	// Again: nothing new.
	f.ResetWrites()
	again := callRaw(t, cs, approveTool, approveArgs(p, p.Preview))
	containsAll(t, textOf(again), "0 new, 0 updated, 60 unchanged")
	noWrites(t, f)

	// A session moved in the view: checked again (a new preview), then written moved.
	moved := approveArgs(p, "")
	moved["plan"].(map[string]any)["sessions"].([]any)[0].(map[string]any)["date"] = "2026-12-23"
	mr := callRaw(t, cs, approveTool, moved)
	if mr.IsError {
		t.Fatal(textOf(mr))
	}
	noWrites(t, f)
	mp := planOf(t, mr)
	if mp.Preview == p.Preview || mp.Sessions[0].Date != "2026-12-23" || !strings.Contains(textOf(mr), `confirm="`+mp.Preview+`"`) {
		t.Errorf("the moved plan's preview: %s %s", mp.Preview, mp.Sessions[0].Date)
	}
	if r := callRaw(t, cs, approveTool, approveArgs(mp, mp.Preview)); r.IsError {
		t.Fatal(textOf(r))
	}
	if ws := f.Writes(); len(ws) == 0 {
		t.Error("the moved session was not written")
	}
}

// TestPlanPreviewWithoutViewsHasTheGridAsAPNG: a client without MCP Apps gets today's text
// and a PNG of the grid.
func TestPlanPreviewWithoutViewsHasTheGridAsAPNG(t *testing.T) {
	_, env := demoFake(t)
	plain := callRaw(t, clientSession(t, env), "plan_sessions", seedPlan())
	res := callRaw(t, appsSession(t, env, false, ""), "plan_sessions", seedPlan())
	if res.IsError || res.StructuredContent != nil {
		t.Fatalf("%s (structured %v)", textOf(res), res.StructuredContent != nil)
	}
	imgs := images(res)
	if len(imgs) != 1 {
		t.Fatalf("want one PNG, got %d", len(imgs))
	}
	img, err := png.Decode(bytes.NewReader(imgs[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("PNG %dx%d, %d bytes; text %d chars", img.Bounds().Dx(), img.Bounds().Dy(), len(imgs[0].Data), len(textOf(res)))
	if img.Bounds().Dx() != charts.WidthPx || img.Bounds().Dy() < 800 || len(imgs[0].Data) > 200<<10 {
		t.Errorf("grid PNG %v, %d bytes", img.Bounds(), len(imgs[0].Data))
	}
	head, _, _ := strings.Cut(textOf(plain), "\n")
	if !strings.HasPrefix(textOf(res), head) || len(textOf(res)) > toolcall.DefaultBudget {
		t.Errorf("the text differs from today's or is over budget:\n%s", textOf(res)[:200])
	}
	writeArtefact(t, "grid.png", imgs[0].Data)
}
