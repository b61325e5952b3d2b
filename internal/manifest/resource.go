package manifest

// Resource is a read-only document the server offers to clients (MCP resources): reference
// text a model or a user may read, such as the workout syntax or the event categories.
type Resource struct {
	URI         string // e.g. "intervals://docs/workout-syntax"
	Name        string // short, unique
	Title       string
	Description string
	MIMEType    string // "" means text/markdown
	// Text returns the document; it is called on every read and must not do I/O.
	Text func() string
}
