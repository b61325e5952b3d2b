package main

import (
	"archive/tar"
	"bytes"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"

	"github.com/intervals-mcp/intervals-mcp/internal/release"
)

// What the image is: its entrypoint, default arguments, user, environment and health check.
const (
	Entrypoint = "/intervals-mcp"
	User       = "65532:65532"
	Port       = "8765"
	DataDir    = "/data"
	// Name is where a release publishes the image; docker load names it so.
	Name = "ghcr.io/intervals-mcp/intervals-mcp"
)

var (
	Cmd         = []string{"serve", "--transport", "http"}
	Env         = []string{"FASTMCP_HOST=0.0.0.0", "FASTMCP_PORT=" + Port, "INTERVALS_MCP_DATA_DIR=" + DataDir}
	Healthcheck = []string{"CMD", Entrypoint, "healthcheck"}
)

// binaries is the repeatable -bin flag: platform=path.
type binaries map[string]string

func (b binaries) String() string { return fmt.Sprint(map[string]string(b)) }

func (b binaries) Set(v string) error {
	p, path, ok := strings.Cut(v, "=")
	if !ok || !strings.HasPrefix(p, "linux/") {
		return fmt.Errorf("-bin %q: give linux/ARCH=PATH", v)
	}
	b[p] = path
	return nil
}

func main() {
	bins := binaries{}
	version := flag.String("version", "dev", "the version the binaries are stamped with (git describe)")
	date := flag.String("date", "", "the commit's date (RFC 3339): the image's creation time and its files' [default: now]")
	revision := flag.String("revision", "", "the commit")
	out := flag.String("out", "dist/intervals-mcp-image.tar", "the OCI archive to write")
	flag.Var(bins, "bin", "a static binary for a platform, linux/ARCH=PATH (repeatable)")
	flag.Parse()
	created := time.Now().UTC().Truncate(time.Second)
	if *date != "" {
		t, err := time.Parse(time.RFC3339, *date)
		if err != nil {
			fmt.Fprintln(os.Stderr, "image: -date:", err)
			os.Exit(2)
		}
		created = t.UTC()
	}
	if err := run(bins, release.SemVer(*version), *revision, created, *out); err != nil {
		fmt.Fprintln(os.Stderr, "image:", err)
		os.Exit(1)
	}
}

// run builds one image per binary, indexes them and writes the archive to out.
func run(bins binaries, version, revision string, created time.Time, out string) error {
	if len(bins) == 0 {
		return errors.New("no binary: give -bin linux/amd64=PATH")
	}
	idx := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	platforms := make([]string, 0, len(bins))
	for p := range bins {
		platforms = append(platforms, p)
	}
	slices.Sort(platforms)
	for _, p := range platforms {
		img, err := image(bins[p], p, version, revision, created)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		plat, err := v1.ParsePlatform(p)
		if err != nil {
			return err
		}
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{Add: img, Descriptor: v1.Descriptor{Platform: plat}})
	}
	tag := Name + ":" + strings.ReplaceAll(version, "+", "-") // a tag takes no +
	idx = mutate.Annotations(idx, map[string]string{"org.opencontainers.image.ref.name": version, "io.containerd.image.name": tag}).(v1.ImageIndex)
	dir, err := os.MkdirTemp("", "intervals-mcp-image")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if _, err := layout.Write(dir, idx); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := archive(dir, out, created); err != nil {
		return err
	}
	fmt.Printf("%s: %s (%s)\n", out, tag, strings.Join(platforms, ", "))
	return nil
}

// image is the image of one binary: one layer on the empty base, and its configuration.
func image(bin, platform, version, revision string, created time.Time) (v1.Image, error) {
	exe, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	files, err := rootFS(exe, created)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(files)), nil },
		tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, err
	}
	img := mutate.ConfigMediaType(mutate.MediaType(empty.Image, types.OCIManifestSchema1), types.OCIConfigJSON)
	if img, err = mutate.AppendLayers(img, layer); err != nil {
		return nil, err
	}
	plat, _ := v1.ParsePlatform(platform)
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture, cf.Variant = plat.OS, plat.Architecture, plat.Variant
	cf.Created = v1.Time{Time: created}
	cf.Config = v1.Config{
		Entrypoint:   []string{Entrypoint},
		Cmd:          Cmd,
		User:         User,
		Env:          Env,
		WorkingDir:   DataDir,
		ExposedPorts: map[string]struct{}{Port + "/tcp": {}},
		Volumes:      map[string]struct{}{DataDir: {}},
		Healthcheck:  &v1.HealthConfig{Test: Healthcheck, Interval: 30 * time.Second, Timeout: 5 * time.Second, StartPeriod: 10 * time.Second, Retries: 3},
		Labels: map[string]string{
			"org.opencontainers.image.title":       "intervals-mcp",
			"org.opencontainers.image.description": "MCP server for Intervals.icu: read and plan an athlete's training",
			"org.opencontainers.image.source":      release.Repository,
			"org.opencontainers.image.version":     version,
			"org.opencontainers.image.revision":    revision,
			"org.opencontainers.image.created":     created.Format(time.RFC3339),
			"org.opencontainers.image.licenses":    "MIT",
		},
	}
	return mutate.ConfigFile(img, cf)
}

// The users and groups of the image (rootfs/etc, which the Dockerfile copies too).
var (
	//go:embed rootfs/etc/passwd
	passwd string
	//go:embed rootfs/etc/group
	group string
)

// rootFS is the image's only layer: the binary, /etc/passwd and /etc/group naming the
// non-root user, its data directory and a /tmp (the demo's temporary store goes there).
func rootFS(exe []byte, mtime time.Time) ([]byte, error) {
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	entry := func(name string, mode int64, uid int, typ byte, body []byte) error {
		h := &tar.Header{Name: name, Mode: mode, Uid: uid, Gid: uid, Typeflag: typ, Size: int64(len(body)), ModTime: mtime, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		_, err := tw.Write(body)
		return err
	}
	for _, e := range []struct {
		name string
		mode int64
		uid  int
		typ  byte
		body string
	}{
		{"etc/", 0o755, 0, tar.TypeDir, ""},
		{"etc/passwd", 0o644, 0, tar.TypeReg, passwd},
		{"etc/group", 0o644, 0, tar.TypeReg, group},
		{"data/", 0o700, 65532, tar.TypeDir, ""},
		{"tmp/", 0o1777, 0, tar.TypeDir, ""},
	} {
		if err := entry(e.name, e.mode, e.uid, e.typ, []byte(e.body)); err != nil {
			return nil, err
		}
	}
	if err := entry(strings.TrimPrefix(Entrypoint, "/"), 0o755, 0, tar.TypeReg, exe); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// archive writes the layout in dir as a tar at out, its entries sorted, each dated mtime.
func archive(dir, out string, mtime time.Time) error {
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return err
	}
	defer os.Remove(out + ".tmp")
	tw := tar.NewWriter(f)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		h := &tar.Header{Name: filepath.ToSlash(rel), ModTime: mtime, Mode: 0o644, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if d.IsDir() {
			h.Name, h.Mode, h.Typeflag = h.Name+"/", 0o755, tar.TypeDir
			return tw.WriteHeader(h)
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		h.Size = int64(len(body))
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		_, err = tw.Write(body)
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(out+".tmp", out)
}
