package intervals

import "reflect"

// Operation describes one operation of the Intervals.icu API, as listed in Operations.
type Operation struct {
	OperationID string // as in the spec, e.g. "listEvents" or "updateWellness_1"
	GoName      string // the generated client method, e.g. "ListEvents"
	Method      string // upper-case HTTP method
	Path        string // e.g. "/api/v1/athlete/{id}/events{format}"
	Tag         string // the spec's first tag, e.g. "Events"
	Summary     string
}

// ClientMethods are the generated client's methods for one operation (Operation.ClientMethods,
// generated from the client itself): method expressions whose first argument is the
// *ClientWithResponses, called through reflect by code that serves any operation by name.
// Each returns the *http.Response undecoded.
type ClientMethods struct {
	// Call is <GoName>: after the context, the path parameters in path order, a *<GoName>Params
	// where the operation has query parameters, the typed JSON body where it takes one, and
	// the request editors. Nil when the body can only be sent raw (a file upload).
	Call any
	// CallWithBody is <GoName>WithBody, which takes a content type and an io.Reader in place
	// of the typed body; nil for an operation without a body.
	CallWithBody any
	// Response is the type <GoName>WithResponse decodes an answer into (its JSON200 field
	// holds a 200's JSON).
	Response reflect.Type
}

// FieldDoc is what the spec says of one parameter or schema property (see ParamDoc and
// SchemaDoc): its JSON type and format, the schema it refers to, where a parameter goes
// (path, query), its description, whether it is required, and its enum values.
type FieldDoc struct {
	Type, Format, Ref, In, Description string
	Required                           bool
	Enum                               []string
}
