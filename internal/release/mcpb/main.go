package main

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/release"
)

func main() {
	version := flag.String("version", "dev", "the version stamped in the binaries (git describe)")
	bin := flag.String("bin", "dist/mcpb-bin", "folder of intervals-mcp-{darwin-amd64,darwin-arm64,linux-amd64,windows-amd64.exe}")
	out := flag.String("out", "dist", "output folder")
	license := flag.String("license", "LICENSE", "the licence file the bundle carries")
	flag.Parse()
	if err := run(*version, *bin, *out, *license); err != nil {
		fmt.Fprintln(os.Stderr, "mcpb:", err)
		os.Exit(1)
	}
}

func run(version, bin, out, license string) error {
	licenseText, err := os.ReadFile(license)
	if err != nil {
		return err
	}
	bins := map[string][]byte{}
	for _, name := range []string{"darwin-amd64", "darwin-arm64", "linux-amd64", "windows-amd64.exe"} {
		b, err := os.ReadFile(filepath.Join(bin, "intervals-mcp-"+name))
		if err != nil {
			return err
		}
		bins[name] = b
	}
	darwin, err := release.Universal(bins["darwin-amd64"], bins["darwin-arm64"])
	if err != nil {
		return err
	}
	manifest, err := release.Manifest(version)
	if err != nil {
		return err
	}
	// The bundle's files: the names manifest.json.tmpl's commands use.
	files := []struct {
		name string
		data []byte
		mode os.FileMode
	}{
		{"manifest.json", manifest, 0o644},
		{"LICENSE", licenseText, 0o644},
		{"server/intervals-mcp", darwin, 0o755},
		{"server/intervals-mcp-linux", bins["linux-amd64"], 0o755},
		{"server/intervals-mcp.exe", bins["windows-amd64.exe"], 0o755},
	}
	tree := filepath.Join(out, "mcpb")
	if err := os.RemoveAll(tree); err != nil {
		return err
	}
	for _, f := range files {
		p := filepath.Join(tree, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.data, f.mode); err != nil {
			return err
		}
	}
	bundle := filepath.Join(out, release.BundleName)
	zf, err := os.Create(bundle)
	if err != nil {
		return err
	}
	h := sha256.New()
	zw := zip.NewWriter(io.MultiWriter(zf, h))
	for _, f := range files {
		// A fixed time: the same binaries make the same bundle, and the same SHA-256.
		fh := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
		fh.SetMode(f.mode)
		w, err := zw.CreateHeader(fh)
		if err != nil {
			return err
		}
		if _, err := w.Write(f.data); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := zf.Close(); err != nil {
		return err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	sj, err := release.ServerJSON(version, sum)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "server.json"), sj, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s (sha256 %s), %s, %s\n", bundle, sum, filepath.Join(out, "server.json"), filepath.Join(tree, "manifest.json"))
	return nil
}
