// Package schema turns a tool's Go input type into the JSON Schema advertised in tools/list,
// and checks a call's arguments against that schema before the tool runs.
//
// The input types follow a few conventions (tags on struct fields):
//
//	json:"name,omitempty"          omitempty = optional; without it the argument is required
//	jsonschema:"enum=a,enum=b,minimum=1,maximum=60,default=30"   (invopop/jsonschema syntax)
//	jsonschema_description:"..."   a short description, for the model
//	spec:"listEvents.oldest"       take description and enum from the spec's parameter
//	spec:"Event.category"          ... or from a schema's property (when none is written)
//
// Reflection is compact: no $schema or $id, nested structs inlined, top-level "type":"object"
// with additionalProperties false (said at the top only; nested objects are closed when the
// schema is compiled for checking), no null types. The one exception to inlining is a struct
// that contains itself (a workout step whose steps are steps): it is written once, under
// $defs named for its Go type, and referenced as {"$ref":"#/$defs/<name>"} wherever it occurs.
//
// Every argument is bounded, so that no input is too large to check, send or quote back: a
// string without an enum gets maxLength DefaultMaxLength, an array maxItems DefaultMaxItems,
// unless its tag sets its own (jsonschema:"maxLength=4000" for free text).
//
// Imports: gen/intervals, for the spec's descriptions and enums that spec tags name and for its
// DateTime; never the tools or the server.
package schema
