// Command prep turns Intervals.icu's OpenAPI description into the document that oapi-codegen
// generates from, and writes the table of all operations; run again after oapi-codegen with
// -methods, it writes each operation's lookup of the generated client's methods
// (methods.go: read from the generated code, so that nothing looks them up by name at run
// time, which would cost the binary every unused method).
//
// Every fix is a rule over the shape of the document, never over a named path or schema, so
// that it stays right when Intervals.icu adds operations. Each rule says which quirk of the
// spec it answers (the numbers are those of docs API-NOTES.md, repeated in openapi/README.md).
// The one exception are facts about answers that no shape implies: the fields the API sends
// and the spec lacks (additions.go), each beside the recorded answer that shows it, and each
// left alone once the spec declares it.
//
//	go run ./openapi/prep -in openapi/intervals-icu.json -out openapi/build/spec.json \
//	    -ops gen/intervals/operations.gen.go -sha openapi/spec.sha256
//	go run ./openapi/prep -in openapi/build/spec.json -client gen/intervals/intervals.gen.go \
//	    -methods gen/intervals/methods.gen.go
//
// Imports: nothing internal: it runs before there is a client to import.
package main
