package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/intervals-mcp/intervals-mcp/internal/browsertest"
	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// writeArtefact keeps a test's file in $TEST_ARTIFACTS/<test> (a temporary directory when
// unset), never in the repository.
func writeArtefact(t *testing.T, name string, b []byte) string {
	t.Helper()
	dir := t.TempDir()
	if base := os.Getenv("TEST_ARTIFACTS"); base != "" {
		dir = filepath.Join(base, strings.ReplaceAll(t.Name(), "/", "_"))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("kept %s", p)
	return p
}

// planHost is an MCP Apps host, the official one (Bridge: ext-apps' AppBridge, appsBridge) or
// a minimal one written here: the view (the server's resource) in an iframe of the width
// asked, the handshake, the tool's input and result pushed, the view's tools/call passed to
// the server through the test's client session (POST /call; only a tool whose _meta allows
// the app), its size followed; ALTER changes the plan in the result before the view gets it,
// as a preview altered after it was shown.
var planHost = template.Must(template.New("host").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>html,body{margin:0;background:#e9eaec}iframe{border:0;display:block;background:#fff;height:600px}</style></head>
<body><iframe id="view" style="width:{{.Width}}px"></iframe>
{{if .Bridge}}<script src="/bridge.js"></script>{{end}}
<script>
var VIEW = {{.View}}, RESULT = {{.Result}}, ALTER = {{.Alter}}, APP = {{.AppTools}};
var frame = document.getElementById('view');
function result() {
  var res = JSON.parse(JSON.stringify(RESULT));
  if (ALTER) { res.structuredContent.args.sessions[0].name = 'Hills'; }
  return res;
}
function callTool(p) { // only a tool whose _meta allows the app, as a host does
  if (APP.indexOf(p.name) < 0) { return Promise.reject(new Error('not a tool for apps: ' + p.name)); }
  return fetch('/call', { method: 'POST', body: JSON.stringify(p) }).then(function (r) { return r.json(); });
}
{{if .Bridge}}
startHost(frame, VIEW, result(), callTool, {{.Width}});
{{else}}
window.hostLog = [];
function post(m) { frame.contentWindow.postMessage(m, '*'); }
window.addEventListener('message', function (ev) {
  if (ev.source !== frame.contentWindow) { return; }
  var m = ev.data;
  window.hostLog.push(m.method || 'reply');
  if (m.method === 'ui/initialize') {
    post({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'test-host', version: '1' },
      hostCapabilities: { serverTools: {} }, hostContext: { theme: 'light', displayMode: 'inline', containerDimensions: { width: {{.Width}} } } } });
  } else if (m.method === 'ui/notifications/initialized') {
    post({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    post({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: result() });
  } else if (m.method === 'ui/notifications/size-changed') {
    frame.style.height = (m.params.height + 4) + 'px';
  } else if (m.method === 'tools/call') {
    callTool(m.params).then(function (res) { post({ jsonrpc: '2.0', id: m.id, result: res }); },
      function (e) { post({ jsonrpc: '2.0', id: m.id, error: { code: -32602, message: e.message } }); });
  } else if (m.method === 'ui/update-model-context') {
    post({ jsonrpc: '2.0', id: m.id, result: {} });
  }
});
frame.srcdoc = VIEW;
{{end}}
</script></body></html>`))

// TestPlanViewInChromium previews the seed's marathon plan in the plan view inside a host in
// headless Chromium, as an athlete would: a warning on its day, a session's steps opened,
// "Add to calendar" clicked (60 sessions and 4 blocks written), clicked again (nothing new),
// a preview altered after it was shown (refused), and the view at a phone's width. Each
// step's screenshot is kept under $TEST_ARTIFACTS.
func TestPlanViewInChromium(t *testing.T) {
	bin := browsertest.Chromium(t, "the plan view is not rendered")
	t.Run("ext-apps", func(t *testing.T) {
		bridge := appsBridge(t)
		planViewInChromium(t, bin, bridge)
	})
	t.Run("minimal", func(t *testing.T) { planViewInChromium(t, bin, "") })
}

// appsBridge bundles the official host bridge (testdata/appshost: @modelcontextprotocol/
// ext-apps' AppBridge) and returns the bundle's path. It needs Node.js and the npm registry
// (npm ci): it runs under make check (INTERVALS_E2E_REQUIRED=1) or where npm ci has been run,
// and skips otherwise, so that go test ./... passes offline.
func appsBridge(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("testdata/appshost")
	if err != nil {
		t.Fatal(err)
	}
	esbuild := filepath.Join(dir, "node_modules", ".bin", "esbuild")
	if _, err := os.Stat(esbuild); err != nil {
		if os.Getenv("INTERVALS_E2E_REQUIRED") == "" {
			t.Skip("the official MCP Apps host bridge needs npm ci in internal/tools/testdata/appshost (make check runs it: INTERVALS_E2E_REQUIRED=1)")
		}
		npm, err := exec.LookPath("npm")
		if err != nil {
			t.Fatal("npm is not installed: the plan view's test with the official host bridge needs Node.js and npm")
		}
		cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci failed (is the npm registry reachable?): %v\n%s", err, out)
		}
	}
	out := filepath.Join(t.TempDir(), "host.bundle.js")
	cmd := exec.Command(esbuild, "host.js", "--bundle", "--format=iife", "--log-level=warning", "--outfile="+out)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("bundle the host bridge: %v\n%s", err, b)
	}
	return out
}

// planViewInChromium is TestPlanViewInChromium in one host: the official bridge when bridge
// (its bundle) is set.
func planViewInChromium(t *testing.T, bin, bridge string) {
	f, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	ctx := context.Background()
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: charts.PlanViewURI})
	if err != nil {
		t.Fatal(err)
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var appTools []string
	for _, tl := range list.Tools {
		if ui, _ := tl.Meta["ui"].(map[string]any); ui != nil {
			if v, _ := json.Marshal(ui["visibility"]); strings.Contains(string(v), "app") {
				appTools = append(appTools, tl.Name)
			}
		}
	}
	preview := callRaw(t, cs, "plan_sessions", seedPlan())
	if preview.IsError {
		t.Fatal(textOf(preview))
	}
	results := map[string]*mcp.CallToolResult{"": preview} // the result the host pushes, by ?result=
	js := func(v any) template.JS {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return template.JS(b)
	}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/bridge.js" {
			http.ServeFile(w, r, bridge)
			return
		}
		if r.URL.Path == "/call" {
			var p mcp.CallToolParams
			if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
				http.Error(w, err.Error(), 400)
				return
			}
			res, err := cs.CallTool(r.Context(), &p)
			if err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
			_ = json.NewEncoder(w).Encode(res)
			return
		}
		width := 1000
		fmt.Sscan(r.URL.Query().Get("w"), &width)
		_ = planHost.Execute(w, map[string]any{"View": js(rr.Contents[0].Text), "Result": js(results[r.URL.Query().Get("result")]), "Alter": r.URL.Query().Get("alter") != "",
			"AppTools": js(appTools), "Width": width, "Bridge": bridge != ""})
	}))
	defer hs.Close()

	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]), chromedp.ExecPath(bin), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")), chromedp.WindowSize(1040, 900))
	tctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	actx, cancelAlloc := chromedp.NewExecAllocator(tctx, opts...)
	defer cancelAlloc()
	tab, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	in := func(expr string) string { // an expression on the view's document
		return `(function () { var d = document.getElementById('view').contentDocument; return ` + expr + `; })()`
	}
	waitFor := func(what, expr string) {
		t.Helper()
		for range 200 {
			ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](in(expr)))
			if err == nil && ok {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("%s: never true: %s", what, expr)
	}
	str := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(tab, chromedp.Evaluate[string](in(expr)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	do := func(expr string) {
		t.Helper()
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](in(expr+`, true`))); err != nil {
			t.Fatal(err)
		}
	}
	shot := func(name string) {
		t.Helper()
		time.Sleep(150 * time.Millisecond)
		b, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		writeArtefact(t, name, b)
	}
	openAs := func(query, weeks string) {
		t.Helper()
		if err := chromedp.Do(tab, chromedp.Navigate(hs.URL+"/"+query)); err != nil {
			t.Fatal(err)
		}
		waitFor("the grid", `d && d.querySelectorAll('.week').length === `+weeks)
	}
	open := func(query string) { t.Helper(); openAs(query, "12") }

	open("?w=1000")
	// the race-day warning on Sun 3 Jan, visible in its day's cell, its text under the week
	waitFor("a warning on its day", `(function () { var b = d.querySelector('.day[data-date="2027-01-03"] .badge'); return !!b && b.textContent.indexOf('race day') >= 0 && b.getBoundingClientRect().height > 0; })()`)
	if s := str(`d.querySelector('.day[data-date="2027-01-03"]').parentNode.querySelector('.warns').textContent`); !strings.Contains(s, "Harbour Half Marathon") {
		t.Errorf("the week's warnings: %q", s)
	}
	if n := str(`String(d.querySelectorAll('.s:not(.ex)').length) + ' ' + d.querySelectorAll('.band.plan').length`); n != "60 12" {
		t.Errorf("sessions and block bands drawn: %s, want 60 sessions and the 4 blocks over 12 weeks", n)
	}
	waitFor("the form chart", `!!d.querySelector('#form svg .race-label')`)
	shot("1-preview.png")
	do(`d.querySelector('.day[data-date="2026-12-22"] .s').click()`)
	waitFor("the steps", `d.getElementById('detail').style.display === 'block' && d.querySelector('#detail pre').textContent.split('\n').length >= 5`)
	shot("2-steps.png")
	// moved to Monday in the view: checked again, nothing written, then written moved
	do(`(d.getElementById('moveto').value = '2026-12-21', d.getElementById('domove').click())`)
	waitFor("the move checked", `d.getElementById('status').textContent.indexOf('Moved "Intervals"') === 0 && !!d.querySelector('.day[data-date="2026-12-21"] .s[draggable]')`)
	noWrites(t, f)
	// dragged with the mouse from Thursday to Friday: the same re-check, nothing written
	at := func(sel string) (float64, float64) { // the centre of sel in the page's viewport
		t.Helper()
		xy, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`(function () { window.scrollTo(0, 0); var f = document.getElementById('view'), b = f.getBoundingClientRect(),
			r = f.contentDocument.querySelector('`+sel+`').getBoundingClientRect(); return [b.left + r.left + r.width / 2, b.top + r.top + r.height / 2]; })()`))
		if err != nil || len(xy) != 2 {
			t.Fatalf("where is %s: %v %v", sel, xy, err)
		}
		return xy[0], xy[1]
	}
	fx, fy := at(`.day[data-date="2026-12-24"] .s[draggable]`)
	tx, ty := at(`.day[data-date="2026-12-25"]`)
	if err := chromedp.Do(tab, chromedp.DragAndDropXY(fx, fy, tx, ty)); err != nil {
		t.Fatal(err)
	}
	waitFor("the drop checked", `d.getElementById('status').textContent.indexOf('Moved "Tempo" to Fri 25 Dec') === 0 && d.querySelector('.day[data-date="2026-12-25"] .s[draggable] .n').textContent === 'Tempo'`)
	shot("2b-dragged.png")
	// something else dropped on a day (a link dragged from elsewhere) moves no session
	before := str(`JSON.stringify(Array.prototype.map.call(d.querySelectorAll('.s[draggable]'), function (e) { return e.parentNode.parentNode.getAttribute('data-date'); }))`)
	do(`(function () { var dt = new DataTransfer(), day = d.querySelector('.day[data-date="2026-12-26"]'); dt.setData('text/uri-list', 'about:blank');
		['dragenter', 'dragover', 'drop'].forEach(function (k) { day.dispatchEvent(new DragEvent(k, { bubbles: true, cancelable: true, dataTransfer: dt })); }); })()`)
	time.Sleep(300 * time.Millisecond)
	if after := str(`JSON.stringify(Array.prototype.map.call(d.querySelectorAll('.s[draggable]'), function (e) { return e.parentNode.parentNode.getAttribute('data-date'); }))`); after != before {
		t.Errorf("a link dropped on Sat 26 Dec moved a session")
	}
	if s := str(`d.getElementById('status').textContent`); !strings.HasPrefix(s, `Moved "Tempo"`) {
		t.Errorf("after a link dropped: %q", s)
	}
	noWrites(t, f)

	do(`d.getElementById('add').click()`)
	waitFor("the write", `d.getElementById('status').className === 'ok'`)
	if s := str(`d.getElementById('status').textContent`); !strings.Contains(s, "60 new") {
		t.Errorf("after the click: %q", s)
	}
	if n, b := len(planEvents(f, "imcp:")), len(blockEvents(f)); n != 64 || b != 4 {
		t.Fatalf("written: %d events, %d blocks; want 60 sessions and 4 blocks", n, b)
	}
	waitFor("Intervals.icu's answer in the grid", `d.querySelectorAll('.s .st').length === 60`)
	intervalsOn := sessionDays(f, "Intervals")
	if !intervalsOn["2026-12-21"] || intervalsOn["2026-12-22"] {
		t.Errorf("the session moved in the view to Mon 2026-12-21 was not written there: %v", intervalsOn)
	}
	if tempo := sessionDays(f, "Tempo"); !tempo["2026-12-25"] || tempo["2026-12-24"] {
		t.Errorf("the session dragged in the view to Fri 2026-12-25 was not written there: %v", tempo)
	}
	shot("3-written.png")

	f.ResetWrites()
	do(`(d.getElementById('status').className = '', d.getElementById('add').click())`)
	waitFor("the second write", `d.getElementById('status').className === 'ok'`)
	if s := str(`d.getElementById('status').textContent`); !strings.Contains(s, "0 new, 0 updated, 60 unchanged") {
		t.Errorf("clicked again: %q", s)
	}
	noWrites(t, f)

	open("?w=1000&alter=1")
	do(`d.getElementById('add').click()`)
	waitFor("the refusal", `d.getElementById('status').className === 'err'`)
	if s := str(`d.getElementById('status').textContent`); !strings.Contains(s, "not the one previewed") {
		t.Errorf("an altered preview: %q", s)
	}
	noWrites(t, f)
	shot("4-refused.png")

	open("?w=390")
	waitFor("the phone layout", `d.querySelector('.days').getBoundingClientRect().height === 0`)
	shot("5-phone.png")

	// move_sessions' preview in the same view: the calendar before and after, nothing written
	f.ResetWrites()
	ws := futureWorkouts(t, f, 2)
	move := map[string]any{"ids": []any{deref(ws[0].Id), deref(ws[1].Id)}, "days": 2, "check_only": true}
	results["move"] = callRaw(t, cs, "move_sessions", move)
	noWrites(t, f)
	p := calendarViewOf(t, results["move"])
	openAs("?w=1000&result=move", fmt.Sprint(len(p.Weeks)))
	for _, w := range ws {
		from, to := dayOfEvent(w), plusDays(dayOfEvent(w), 2)
		chg := `d.querySelector('.day[data-date="` + to + `"] .s.chg')`
		if s := str(chg + ` ? ` + chg + `.textContent : ''`); !strings.Contains(s, deref(w.Name)) || !strings.Contains(s, "from ") {
			t.Errorf("%s on %s: the moved session reads %q", deref(w.Name), to, s)
		}
		if s := str(`(d.querySelector('.day[data-date="` + from + `"] .s.gone') || {}).textContent || ''`); !strings.Contains(s, "moves to ") {
			t.Errorf("%s on %s: its place before the move reads %q", deref(w.Name), from, s)
		}
	}
	if n := str(`String(d.querySelectorAll('.badge').length) + ' ' + (d.getElementById('add').style.display === 'none')`); n != fmt.Sprintf("%d true", dayWarnings(p)) {
		t.Errorf("warnings on their days and the button hidden: %s, want %d true", n, dayWarnings(p))
	}
	shot("6-move-preview.png")
	move["check_only"] = false
	results["moved"] = callRaw(t, cs, "move_sessions", move)
	openAs("?w=1000&result=moved", fmt.Sprint(len(calendarViewOf(t, results["moved"]).Weeks)))
	waitFor("the move's answer", `d.getElementById('status').className === 'ok' && d.querySelectorAll('.s.chg').length === 2`)
	for _, w := range ws {
		if s := str(`d.querySelector('.day[data-date="` + plusDays(dayOfEvent(w), 2) + `"] .s.chg').textContent`); !strings.Contains(s, fmt.Sprintf("id %d", deref(w.Id))) {
			t.Errorf("after the move, %s reads %q, without Intervals.icu's id", deref(w.Name), s)
		}
	}
	shot("7-moved.png")
	openAs("?w=390&result=move", fmt.Sprint(len(p.Weeks)))
	shot("8-move-phone.png")
}

// sessionDays are the days of the plan's written sessions named name.
func sessionDays(f *fakeicu.Fake, name string) map[string]bool {
	on := map[string]bool{}
	for _, e := range planEvents(f, "imcp:") {
		if deref(e.Name) == name {
			on[deref(e.StartDateLocal)[:10]] = true
		}
	}
	return on
}

// dayWarnings counts the warnings of a view on a day (not on a week).
func dayWarnings(p *charts.Plan) int {
	n := 0
	for _, w := range p.Warnings {
		if !w.Week {
			n++
		}
	}
	return n
}
