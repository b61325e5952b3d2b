package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
)

// TestImageOfATaggedClone is the release as an operator gets it: a clone of this repository
// tagged v9.8.7 runs make image (for this machine's architecture), and the archive it writes
// is read back as docker load would: its index names the image, the image runs
// /intervals-mcp as user 65532 with `serve --transport http` on 0.0.0.0:8765 and its health
// check, and holds the binary and nothing else that runs (no shell). The binary taken out of
// it says the tag, its commit and date, and started as the image starts it (the demo, a
// token: it listens beyond loopback) answers /healthz, which its healthcheck command asks.
func TestImageOfATaggedClone(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the image from a clone")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the image's binary runs on linux only")
	}
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("not in a git checkout: %v", err)
		}
		t.Skipf("not in a git checkout (%v): the test tags a clone", err)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("git", append([]string{"-C", clone, "-c", "user.name=test", "-c", "user.email=test@example.invalid"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "clone", "--quiet", "--shared", strings.TrimSpace(string(root)), clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	git("commit", "--quiet", "--allow-empty", "-m", "a release")
	git("tag", "v9.8.7")
	commit, date := git("rev-parse", "HEAD"), git("log", "-1", "--format=%cI")
	mk := exec.Command("make", "image", "IMAGE_PLATFORMS=linux/"+runtime.GOARCH)
	mk.Dir = clone
	if out, err := mk.CombinedOutput(); err != nil {
		t.Fatalf("make image: %v\n%s", err, out)
	}

	img, annotations := readArchive(t, filepath.Join(clone, "dist", "intervals-mcp-image.tar"))
	if got := annotations["io.containerd.image.name"]; got != Name+":9.8.7" {
		t.Errorf("the archive names the image %q, want %s:9.8.7", got, Name)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	c := cf.Config
	if !slices.Equal(c.Entrypoint, []string{"/intervals-mcp"}) || !slices.Equal(c.Cmd, []string{"serve", "--transport", "http"}) ||
		c.User != "65532:65532" || !slices.Contains(c.Env, "FASTMCP_HOST=0.0.0.0") || !slices.Contains(c.Env, "FASTMCP_PORT=8765") ||
		c.Healthcheck == nil || !slices.Equal(c.Healthcheck.Test, []string{"CMD", "/intervals-mcp", "healthcheck"}) || cf.Architecture != runtime.GOARCH {
		t.Errorf("the image's configuration: %+v (%s/%s)", c, cf.OS, cf.Architecture)
	}
	if c.Labels["org.opencontainers.image.version"] != "9.8.7" || c.Labels["org.opencontainers.image.revision"] != commit {
		t.Errorf("labels %v, want version 9.8.7 and revision %s", c.Labels, commit)
	}

	exe := filepath.Join(t.TempDir(), "intervals-mcp")
	files := unpack(t, img, exe)
	if want := []string{"data/ 65532 dir", "etc/ 0 dir", "etc/group 0 file", "etc/passwd 0 file", "intervals-mcp 0 file 755", "tmp/ 0 dir"}; !slices.Equal(files, want) {
		t.Errorf("the image holds %q, want %q (no shell, nothing else that runs)", files, want)
	}

	out, err := exec.Command(exe, "version").Output()
	if want := "intervals-mcp v9.8.7\ncommit " + commit + "\ndate " + date + "\n"; err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("version of the image's binary: %q (%v), want it to start %q", out, err, want)
	}

	port := freePort(t)
	env := append(slices.Clone(c.Env), "FASTMCP_PORT="+port, "MCP_AUTH_TOKEN=image-test-token", "INTERVALS_MCP_DATA_DIR="+t.TempDir(), "HOME="+t.TempDir())
	srv := exec.Command(exe, append(slices.Clone(c.Cmd), "--demo")...)
	srv.Env, srv.Dir = env, t.TempDir()
	var logs bytes.Buffer
	srv.Stderr = &logs
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Process.Kill(); _ = srv.Wait() })
	healthz := "http://127.0.0.1:" + port + "/healthz"
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(healthz)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer 200 within 30s: %v\n%s", healthz, err, logs.String())
		}
	}
	check := func() (string, error) {
		hc := exec.Command(exe, c.Healthcheck.Test[2:]...)
		hc.Env, hc.Dir = env, t.TempDir()
		out, err := hc.CombinedOutput()
		return string(out), err
	}
	if out, err := check(); err != nil || !strings.Contains(out, healthz+": ok") {
		t.Errorf("the health check while the server runs: %v %q", err, out)
	}
	_ = srv.Process.Kill()
	_ = srv.Wait()
	var exit *exec.ExitError
	if out, err := check(); !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("the health check once the server is gone: %v %q, want exit status 1", err, out)
	}
}

// readArchive reads an OCI archive as docker load does: the layout in the tar, its index's
// annotations, and the image for this machine's architecture.
func readArchive(t *testing.T, path string) (v1.Image, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for tr := tar.NewReader(f); ; {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(target, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	idx, err := layout.ImageIndexFromPath(dir)
	if err != nil {
		t.Fatalf("not an OCI image layout: %v", err)
	}
	im, err := idx.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range im.Manifests {
		if d.Platform != nil && d.Platform.OS == "linux" && d.Platform.Architecture == runtime.GOARCH {
			img, err := idx.Image(d.Digest)
			if err != nil {
				t.Fatal(err)
			}
			return img, im.Annotations
		}
	}
	t.Fatalf("no linux/%s image in the index: %+v", runtime.GOARCH, im.Manifests)
	return nil, nil
}

// unpack lists the files of img's layers ("name uid kind [mode]", sorted), and writes its
// binary to exe.
func unpack(t *testing.T, img v1.Image, exe string) []string {
	t.Helper()
	layers, err := img.Layers()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, l := range layers {
		rc, err := l.Uncompressed()
		if err != nil {
			t.Fatal(err)
		}
		for tr := tar.NewReader(rc); ; {
			h, err := tr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			kind := "file"
			switch {
			case h.Typeflag == tar.TypeDir:
				kind = "dir"
			case h.Typeflag != tar.TypeReg:
				kind = "other"
			}
			line := fmt.Sprintf("%s %d %s", h.Name, h.Uid, kind)
			if h.Name == "intervals-mcp" {
				line += fmt.Sprintf(" %o", h.Mode&0o777)
				b, err := io.ReadAll(tr)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(exe, b, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			files = append(files, line)
		}
		rc.Close()
	}
	slices.Sort(files)
	return files
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}
