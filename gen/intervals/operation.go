package intervals

// Operation describes one operation of the Intervals.icu API, as listed in Operations.
type Operation struct {
	OperationID string // as in the spec, e.g. "listEvents" or "updateWellness_1"
	GoName      string // the generated client method, e.g. "ListEvents"
	Method      string // upper-case HTTP method
	Path        string // e.g. "/api/v1/athlete/{id}/events{format}"
	Tag         string // the spec's first tag, e.g. "Events"
	Summary     string
}

// FieldDoc is what the spec says of one parameter or schema property (see ParamDoc and
// SchemaDoc): its JSON type and format, the schema it refers to, where a parameter goes
// (path, query), its description, whether it is required, and its enum values.
type FieldDoc struct {
	Type, Format, Ref, In, Description string
	Required                           bool
	Enum                               []string
}
