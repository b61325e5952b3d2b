package manifest

// View is an MCP Apps view (extension io.modelcontextprotocol/ui): one self-contained HTML
// document the server serves as the resource URI, which a host that renders views shows in
// place of a tool's text, fed with the result's structured content (toolcall.Output).
type View struct {
	URI   string // ui://...
	Name  string
	Title string
	HTML  string
}
