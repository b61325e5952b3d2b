// Command mcpb assembles the Claude Desktop bundle (MCPB) and the MCP registry's server.json
// from binaries make mcpb has built:
//
//	go run ./internal/release/mcpb -version v1.2.3 -bin dist/mcpb-bin -out dist
//
// It writes dist/mcpb/ (the bundle's tree: manifest.json and server/), dist/intervals-mcp.mcpb
// (that tree zipped, which is what an .mcpb file is) and dist/server.json (with the bundle's
// SHA-256). The darwin command is a universal binary of darwin/amd64 and darwin/arm64;
// Windows and Linux get amd64 builds (Windows on Arm runs them emulated).
//
// Imports: internal/release only.
package main
