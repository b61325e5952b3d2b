// Package mcptest connects an MCP server to a go-sdk client in the same process, for tests
// that see a server the way a client does: list, call, read the text of the answer; and the
// small catalog of test tools (Tools, ProfileTool) and fake client (FakeClient) that the
// server's and the transports' tests serve. It does not import the server package, so that
// package's own tests can use it too.
//
// Imports: gen/intervals, internal/fakeicu, internal/manifest, internal/schema/infer (the test
// tools' schemas, reflected) and internal/toolcall.
package mcptest
