package charts

import _ "embed"

// ViewURI names the charts' MCP Apps view, the resource every chart tool's
// _meta.ui.resourceUri points at.
const ViewURI = "ui://intervals-mcp/charts.html"

// ViewHTML is the view: one self-contained HTML document (inline script, style and SVG, no
// URL of any kind) that speaks the MCP Apps protocol with its host over postMessage
// (ui/initialize, then the tool results the host pushes), draws any Chart from a result's
// structuredContent, shows values under the pointer, and switches period, kind, metric or
// sport by calling the chart's tool again through the host (tools/call).
//
//go:embed view.html
var ViewHTML string
