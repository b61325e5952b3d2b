package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"debug/macho"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// fakeBinaries writes the four inputs make mcpb builds: Mach-O headers for darwin (enough
// for the universal writer), any bytes for the others.
func fakeBinaries(t *testing.T) string {
	dir := t.TempDir()
	for name, cpu := range map[string]macho.Cpu{"darwin-amd64": macho.CpuAmd64, "darwin-arm64": macho.CpuArm64} {
		var b bytes.Buffer
		_ = binary.Write(&b, binary.LittleEndian, macho.FileHeader{Magic: macho.Magic64, Cpu: cpu, Type: macho.TypeExec})
		b.Write(make([]byte, 64))
		if err := os.WriteFile(filepath.Join(dir, "intervals-mcp-"+name), b.Bytes(), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"linux-amd64", "windows-amd64.exe"} {
		if err := os.WriteFile(filepath.Join(dir, "intervals-mcp-"+name), []byte(name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// license is the repository's licence, which the bundle carries.
const license = "../../../LICENSE"

func TestBundleAndServerJSON(t *testing.T) {
	bin, out := fakeBinaries(t), t.TempDir()
	if err := run("v1.2.3", bin, out, license); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "intervals-mcp.mcpb"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string]os.FileMode{}
	for _, f := range zr.File {
		modes[f.Name] = f.Mode().Perm()
	}
	want := map[string]os.FileMode{"manifest.json": 0o644, "LICENSE": 0o644, "server/intervals-mcp": 0o755, "server/intervals-mcp-linux": 0o755, "server/intervals-mcp.exe": 0o755}
	for name, mode := range want {
		if modes[name] != mode {
			t.Errorf("%s: mode %v in the bundle, want %v (all: %v)", name, modes[name], mode, modes)
		}
	}
	text, err := os.ReadFile(license)
	if err != nil {
		t.Fatal(err)
	}
	if got := readZipFile(t, zr, "LICENSE"); !bytes.Equal(got, text) {
		t.Errorf("the bundle's LICENSE is not the repository's:\n%s", got)
	}
	var sj struct {
		Version  string
		Packages []struct{ FileSha256 string }
	}
	b, err := os.ReadFile(filepath.Join(out, "server.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sj); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if sj.Version != "1.2.3" || len(sj.Packages) != 1 || sj.Packages[0].FileSha256 != hex.EncodeToString(sum[:]) {
		t.Errorf("server.json does not name this bundle: %s", b)
	}
	// The same inputs make the same bundle, so the registry's hash can be checked again.
	again := t.TempDir()
	if err := run("v1.2.3", bin, again, license); err != nil {
		t.Fatal(err)
	}
	if b2, _ := os.ReadFile(filepath.Join(again, "intervals-mcp.mcpb")); !bytes.Equal(b2, data) {
		t.Error("two runs made different bundles")
	}
}

// readZipFile returns the content of the archive's file name.
func readZipFile(t *testing.T, zr *zip.Reader, name string) []byte {
	t.Helper()
	f, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
