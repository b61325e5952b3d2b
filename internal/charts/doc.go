// Package charts is the chart side of intervals-mcp: the data a chart tool sends (Chart, the
// structuredContent of its result), the MCP Apps view that draws it in a host (View, one
// self-contained HTML document embedded in the binary), and the PNG drawn for clients that
// show no views (PNG). The view and the PNG draw the same Chart: what one shows, the other does.
// The plan view is its sibling for plan_sessions (Plan, PlanViewHTML, PlanPNG): a plan on a
// calendar grid before and after it is written, the grid the same in the view and the PNG;
// the same view shows a move's, copy's or repeat's calendar before and after (Plan of kind
// "calendar").
// Both views speak to their host through one MCP Apps bridge (bridge.js), spliced into each.
//
// Imports: internal/format and internal/load, for the dates, values and form zones a chart
// shows as the text answers do; never the client, the store or the server. Never imports: os,
// net/http.
package charts
