package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// TestDemoStoreLeavesNothing: a --demo run that needs the store (a range-delete preview)
// keeps it in a temporary directory and removes it when it ends, and sweeps the store a
// killed demo process left.
func TestDemoStoreLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	dead := filepath.Join(tmp, store.TemporaryPrefix+"999999999-1")
	if err := os.Mkdir(dead, 0o700); err != nil {
		t.Fatal(err)
	}
	r := runBin(t, []string{"TMPDIR=" + tmp}, "call", "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-31"}`, "--demo")
	if r.code != 0 || !strings.Contains(r.stdout, "confirm=") {
		t.Fatalf("preview: %+v", r)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
}
