// Package schema checks a call's arguments against its tool's input schema (the JSON that
// tools/list advertises) before the tool runs: CompileJSON resolves a schema once, Check
// validates arguments, coerces ids given as digits, applies defaults and says, in words a
// model can act on, what an argument allows when it fails. Writing the schemas from the Go
// input types is internal/schema/infer's job, which the binary does not link.
//
// Imports: nothing internal.
package schema
