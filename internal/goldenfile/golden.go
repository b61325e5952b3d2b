package goldenfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Want returns the golden file at path. With update set it writes got there first (making
// the folder) and returns got, so that the comparison that follows passes. A missing file
// fails the test with rewrite, the command that writes it.
func Want(t testing.TB, path string, got []byte, update bool, rewrite string) []byte {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s writes it)", err, rewrite)
	}
	return want
}
