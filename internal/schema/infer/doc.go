// Package infer turns a tool's Go input type into the JSON Schema advertised in tools/list
// (invopop/jsonschema's reflection, then our rules). It runs when schemas are written (make
// docs: internal/tools/schemas.json, which the binary embeds) and in tests, never in
// the binary, which serves the written schemas and checks calls with package schema.
//
// The input types follow a few conventions (tags on struct fields):
//
//	json:"name,omitempty"          omitempty = optional; without it the argument is required
//	jsonschema:"enum=a,enum=b,minimum=1,maximum=60,default=30"   (invopop/jsonschema syntax)
//	jsonschema_description:"..."   a short description, for the model
//	spec:"listEvents.oldest"       take description and enum from the spec's parameter
//	spec:"Event.category"          ... or from a schema's property (when none is written)
//
// A type whose schema cannot be inferred (an id taken as a number or a string) says it with a
// method, OwnSchema() (types []string, maxLength uint64), which needs no import of this
// package.
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
// DateTime, and internal/schema (Compile); never the tools or the server.
package infer
