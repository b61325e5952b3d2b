package charts

import (
	_ "embed"
	"strings"
)

// ViewURI names the charts' MCP Apps view, the resource every chart tool's
// _meta.ui.resourceUri points at.
const ViewURI = "ui://intervals-mcp/charts.html"

// ViewHTML is the view: one self-contained HTML document (inline script, style and SVG, no
// URL of any kind) that speaks the MCP Apps protocol with its host over postMessage
// (ui/initialize, then the tool results the host pushes), draws any Chart from a result's
// structuredContent, shows values under the pointer, and switches period, kind, metric or
// sport by calling the chart's tool again through the host (tools/call).
var ViewHTML = withBridge("view.html", viewHTML)

//go:embed view.html
var viewHTML string

// bridgeJS is the MCP Apps protocol as the views speak it (appsBridge), one source spliced
// into each view in place of its bridgeMark.
//
//go:embed bridge.js
var bridgeJS string

// bridgeMark is where a view's document takes the bridge: the body of an empty script.
const bridgeMark = "/*mcp-apps-bridge*/"

// withBridge is the view's document with the bridge in place of its one bridgeMark; a view
// without it is a programming mistake, refused at start.
func withBridge(name, doc string) string {
	if strings.Count(doc, bridgeMark) != 1 {
		panic("charts: " + name + " must hold " + bridgeMark + " once, where the MCP Apps bridge goes")
	}
	return strings.Replace(doc, bridgeMark, "\n"+bridgeJS, 1)
}
