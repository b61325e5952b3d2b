// Command image builds the container image of intervals-mcp without a Docker daemon, with
// go-containerregistry as a library, from static linux binaries make image has built:
//
//	go run ./internal/release/image -version v1.2.3 -date 2026-12-05T10:00:00Z \
//	    -bin linux/amd64=bin/image/intervals-mcp-linux-amd64 -bin linux/arm64=... -out dist/intervals-mcp-image.tar
//
// The image is the binary alone on an empty base (no shell, no package manager, nothing to
// patch): /intervals-mcp as the entrypoint, `serve --transport http` as the default
// arguments, run as the non-root user 65532 (nonroot), listening on 0.0.0.0:8765 inside, its
// SQLite store in the volume /data, and the binary's own healthcheck command as the health
// check. Its CA certificates are the binary's (golang.org/x/crypto/x509roots/fallback) and its
// time zones too (time/tzdata). One image per platform, in one index; written as an OCI
// image layout in a tar (an "OCI archive"): docker load, podman load and skopeo read it.
// Every file's time is the commit's date, so that one commit makes one image.
//
// Imports: internal/release only.
package main
