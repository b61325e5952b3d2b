// Package stdiotest is the table of malformed JSON-RPC lines that the stdio transport must
// answer with an error and survive, shared by the in-process test (internal/transport) and the
// test of the built binary (cmd/intervals-mcp).
//
// Imports: nothing internal.
package stdiotest
