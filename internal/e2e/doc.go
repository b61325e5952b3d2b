// Package e2e runs intervals-mcp under the official TypeScript MCP client (npm
// @modelcontextprotocol/sdk) and ajv, the way Claude Desktop, Cursor and other Node-based
// clients see it. The test itself is e2e.test.mjs; this Go test builds the binary, installs
// the locked npm packages and runs node --test.
//
// Imports: nothing internal: it drives the built binary, as an outside client does.
package e2e
