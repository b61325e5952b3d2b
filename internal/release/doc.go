// Package release makes what a release publishes besides the archives goreleaser builds
// (goreleaser.yaml): the Claude Desktop bundle's manifest.json (MCPB 0.3, from
// manifest.json.tmpl), the macOS universal binary inside it, and the MCP registry's
// server.json, all from one version.
//
// Imports: nothing internal.
package release
