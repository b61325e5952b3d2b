package charts

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/browsertest"
)

// chromium is the Chromium the view tests render in.
func chromium(t *testing.T) string {
	return browsertest.Chromium(t, "the view is not rendered")
}

// hostPage is a minimal MCP Apps host: it loads the view in an iframe (srcdoc, as the
// document of resources/read), answers ui/initialize with a host context, sends the tool's
// input and result once the view says initialized, answers the view's tools/call with a
// second result, and logs every message from the view in #log. With Drive set it then acts as
// a user: the pointer over the chart, and a change of the first select.
var hostPage = template.Must(template.New("host").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}iframe{border:0;width:800px;height:450px;display:block}</style></head>
<body><iframe id="view"></iframe><pre id="log"></pre>
<script>
var VIEW = {{.View}}, RESULT = {{.Result}}, SWITCHED = {{.Switched}}, DRIVE = {{.Drive}}, THEME = {{.Theme}};
var frame = document.getElementById('view'), log = [];
function post(m) { frame.contentWindow.postMessage(m, '*'); }
function note(x) { log.push(x); document.getElementById('log').textContent = JSON.stringify(log); }
function drive() {
  var doc = frame.contentDocument, svg = doc.querySelector('svg'), r = svg.getBoundingClientRect();
  svg.dispatchEvent(new MouseEvent('mousemove', { clientX: r.left + r.width * 0.5, clientY: r.top + r.height * 0.4, bubbles: true }));
  var tip = doc.getElementById('tip');
  note({ tip: tip.style.display === 'block' ? tip.innerText : '' });
  var sel = doc.querySelector('#controls select');
  sel.value = sel.options[sel.options.length - 1].value;
  sel.dispatchEvent(new Event('change'));
}
window.addEventListener('message', function (ev) {
  if (ev.source !== frame.contentWindow) { return; }
  var m = ev.data;
  note({ method: m.method || '', id: m.id === undefined ? null : m.id, params: m.params || null });
  if (m.method === 'ui/initialize') {
    post({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2026-01-26', hostInfo: { name: 'test-host', version: '1' },
      hostCapabilities: { serverTools: {} }, hostContext: { theme: THEME, displayMode: 'inline', containerDimensions: { width: 800, maxHeight: 450 }, timeZone: 'Australia/Sydney' } } });
  } else if (m.method === 'ui/notifications/initialized') {
    post({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: { athlete: 'i100002', png: true } } });
    post({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: RESULT });
    setTimeout(function () { note({ labels: Array.prototype.map.call(frame.contentDocument.querySelectorAll('.race-label'), function (e) { var b = e.getBBox(); return { text: e.textContent, x: b.x, w: b.width }; }) }); }, 50);
    if (DRIVE) { setTimeout(drive, 100); }
  } else if (m.method === 'tools/call') {
    post({ jsonrpc: '2.0', id: m.id, result: SWITCHED });
    setTimeout(function () { note({ title: frame.contentDocument.getElementById('title').textContent, svg: !!frame.contentDocument.querySelector('svg') }); }, 50);
  } else if (m.method === 'ui/update-model-context') {
    post({ jsonrpc: '2.0', id: m.id, result: {} });
  }
});
frame.srcdoc = VIEW;
</script></body></html>`))

// toolResult is a CallToolResult as a host passes it to the view.
func toolResult(c *Chart) map[string]any {
	return map[string]any{"content": []any{map[string]any{"type": "text", "text": Summary(c)}}, "structuredContent": c}
}

// runHost writes the host page for c and runs Chromium on it with extra arguments.
func runHost(t *testing.T, bin string, c, switched *Chart, drive bool, theme string, args ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	js := func(v any) template.JS {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return template.JS(b)
	}
	f, err := os.Create(filepath.Join(dir, "host.html"))
	if err != nil {
		t.Fatal(err)
	}
	err = hostPage.Execute(f, map[string]any{"View": js(ViewHTML), "Result": js(toolResult(c)), "Switched": js(toolResult(switched)), "Drive": drive, "Theme": theme})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
		"--force-device-scale-factor=1", "--window-size=800,450", "--virtual-time-budget=4000"}
	// Chromium's one-shot headless mode now and then dies of a signal on a busy shared host
	// (a segmentation fault before the page loads): a browser that crashed
	// is run once more; a second crash, or any other failure, fails the test.
	for try := 1; ; try++ {
		profile := "--user-data-dir=" + filepath.Join(dir, fmt.Sprintf("profile-%d", try)) // a crashed browser's is not reused
		cmd := exec.CommandContext(ctx, bin, append(append(append(base, profile), args...), "file://"+filepath.Join(dir, "host.html"))...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err == nil {
			return out
		}
		var stderr string
		ee, ok := err.(*exec.ExitError)
		if ok {
			stderr = string(ee.Stderr)
		}
		if ok && try == 1 && ctx.Err() == nil && !ee.Exited() {
			t.Logf("%s crashed (%v); running it once more", bin, err)
			continue
		}
		t.Fatalf("%s: %v\n%s", bin, err, stderr)
	}
}

func TestViewRendersInChromiumAsTheGoldenScreenshots(t *testing.T) {
	bin := chromium(t)
	for _, kind := range kinds {
		c := sample(t, kind)
		dir := t.TempDir()
		shot := filepath.Join(dir, "shot.png")
		runHost(t, bin, c, c, false, "light", "--screenshot="+shot)
		b, err := os.ReadFile(shot)
		if err != nil {
			t.Fatalf("%s: no screenshot: %v", kind, err)
		}
		compareGolden(t, "view-"+kind, b, 0.02)
	}
	// A host in dark mode: the view follows its theme.
	shot := filepath.Join(t.TempDir(), "dark.png")
	runHost(t, bin, sample(t, "fitness"), sample(t, "fitness"), false, "dark", "--screenshot="+shot)
	b, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("dark: no screenshot: %v", err)
	}
	compareGolden(t, "view-fitness-dark", b, 0.02)
}

var logLine = regexp.MustCompile(`(?s)<pre id="log">(.*?)</pre>`)

// TestViewSpeaksTheAppsProtocol drives the view as a host and a user would: the handshake,
// the tool result, a tooltip under the pointer, and a switch that calls the tool again
// through the host and draws its answer.
func TestViewSpeaksTheAppsProtocol(t *testing.T) {
	bin := chromium(t)
	for _, kind := range kinds {
		c := sample(t, kind)
		switched := *c
		switched.Title = "Switched " + kind
		dom := runHost(t, bin, c, &switched, true, "light", "--dump-dom")
		m := logLine.FindSubmatch(dom)
		if m == nil {
			t.Fatalf("%s: no log in the host page:\n%s", kind, dom)
		}
		var log []map[string]any
		if err := json.Unmarshal([]byte(htmlUnescape(string(m[1]))), &log); err != nil {
			t.Fatalf("%s: log %s: %v", kind, m[1], err)
		}
		var methods []string
		var call map[string]any
		tip, title := "", ""
		for _, e := range log {
			if s, _ := e["method"].(string); s != "" {
				methods = append(methods, s)
				if s == "tools/call" {
					call, _ = e["params"].(map[string]any)
				}
			}
			if s, ok := e["tip"].(string); ok {
				tip = s
			}
			if s, ok := e["title"].(string); ok {
				title = s
			}
		}
		got := strings.Join(methods, " ")
		for _, want := range []string{"ui/initialize", "ui/notifications/initialized", "ui/notifications/size-changed", "tools/call", "ui/update-model-context"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the view never sent %s (it sent: %s)", kind, want, got)
			}
		}
		if strings.Index(got, "ui/initialize") > strings.Index(got, "ui/notifications/initialized") {
			t.Errorf("%s: initialized before initialize: %s", kind, got)
		}
		args, _ := call["arguments"].(map[string]any)
		if call == nil || call["name"] != c.Tool || args["athlete"] != "i100002" || args["png"] != nil {
			t.Errorf("%s: tools/call %v, want the tool %s with the call's athlete and no png", kind, call, c.Tool)
		}
		if tip == "" {
			t.Errorf("%s: no tooltip under the pointer", kind)
		}
		if title != switched.Title {
			t.Errorf("%s: after the switch the view shows %q, want %q", kind, title, switched.Title)
		}
		t.Logf("%s: %s; tooltip %q; call %v", kind, got, tip, call)
	}
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&quot;", `"`, "&#34;", `"`, "&lt;", "<", "&gt;", ">", "&#39;", "'", "&amp;", "&").Replace(s)
}

// TestViewRaceLabelsNeverOverlap renders the fitness chart with races a day and two weeks
// apart in Chromium and checks the boxes of the race labels as the browser drew them.
func TestViewRaceLabelsNeverOverlap(t *testing.T) {
	bin := chromium(t)
	c := sample(t, "fitness")
	days := c.Fitness.Days
	c.Fitness.Races = []Race{
		{Date: days[len(days)-30].Date, Name: "Club 40k Time Trial", Category: "RACE_C"},
		{Date: days[len(days)-15].Date, Name: "Harbour Half Marathon", Category: "RACE_B"},
		{Date: days[len(days)-14].Date, Name: "Bay Run", Category: "RACE_C"},
		{Date: days[len(days)-1].Date, Name: "Coastal 70.3 Triathlon", Category: "RACE_A"},
	}
	dom := runHost(t, bin, c, c, false, "light", "--dump-dom")
	m := logLine.FindSubmatch(dom)
	if m == nil {
		t.Fatalf("no log in the host page:\n%s", dom)
	}
	var log []struct {
		Labels []struct {
			Text string
			X, W float64
		}
	}
	if err := json.Unmarshal([]byte(htmlUnescape(string(m[1]))), &log); err != nil {
		t.Fatalf("log %s: %v", m[1], err)
	}
	var ls []placedLabel
	for _, e := range log {
		for _, l := range e.Labels {
			ls = append(ls, placedLabel{Text: l.Text, X: l.X + l.W/2, W: l.W})
		}
	}
	if len(ls) == 0 {
		t.Fatal("the view drew no race label")
	}
	t.Logf("labels drawn: %+v", ls)
	noOverlap(t, ls, 58, 800-14)
}
