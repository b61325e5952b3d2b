// Package release makes what a release publishes besides the archives goreleaser builds
// (goreleaser.yaml): the Claude Desktop bundle's manifest.json (MCPB 0.3, from
// manifest.json.tmpl), the macOS universal binary inside it, and the MCP registry's
// server.json, all from one version. Beside it: image/ builds the container image, deploy/
// holds what an operator deploys it with (Dockerfile, Compose, Caddyfile, Grafana dashboard),
// and README.md says how a version is published.
//
// Imports: nothing internal.
package release
