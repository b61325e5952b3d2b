package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A temporary store lives in a directory of its own, removed on Close; opening one removes
// what a process that is gone left, and nothing of a live process.
func TestOpenTemporaryLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dead := filepath.Join(tmp, TemporaryPrefix+"999999999-1")
	live := filepath.Join(tmp, TemporaryPrefix+"1-1") // pid 1 is alive
	for _, d := range []string{dead, live} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	st, err := OpenTemporary(context.Background(), Config{DataDir: "ignored", DatabaseURL: "ignored"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.PutConfirmation(context.Background(), "c", "h", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(st.Dir) != tmp || !strings.HasPrefix(filepath.Base(st.Dir), TemporaryPrefix) {
		t.Errorf("the store's folder is %s, want one of its own in %s", st.Dir, tmp)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the store of a process that is gone is still there (%v)", err)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("the store of a live process was removed: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, TemporaryPrefix+"*"))
	if len(left) != 1 || left[0] != live {
		t.Errorf("after Close, left: %v", left)
	}
}
