package goldenfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWantWritesWithUpdateThenReadsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b.golden")
	if got := Want(t, path, []byte("one"), true, "x"); string(got) != "one" {
		t.Fatalf("update returned %q", got)
	}
	if got := Want(t, path, []byte("two"), false, "x"); string(got) != "one" {
		t.Fatalf("read %q, want what update wrote", got)
	}
	if b, _ := os.ReadFile(path); string(b) != "one" {
		t.Fatalf("a read rewrote the file: %q", b)
	}
}
