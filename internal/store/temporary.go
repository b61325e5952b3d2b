package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

// TemporaryPrefix names the directories of temporary stores (OpenTemporary): the prefix,
// the pid of the process, a random part.
const TemporaryPrefix = "intervals-mcp-demo-store-"

// OpenTemporary opens an SQLite store in a directory of its own under the system's temporary
// folder (Temporary.Dir), removed when the store is closed (--demo without --data-dir or
// --database-url: a demo leaves nothing behind). cfg's DataDir and DatabaseURL are not used.
// It first removes the temporary stores of processes that are gone without closing theirs
// (killed).
func OpenTemporary(ctx context.Context, cfg Config) (*Temporary, error) {
	sweepTemporary()
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", TemporaryPrefix, os.Getpid()))
	if err != nil {
		return nil, err
	}
	cfg.DataDir, cfg.DatabaseURL = dir, ""
	st, err := Open(ctx, cfg)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &Temporary{st, dir}, nil
}

// sweepTemporary removes the temporary stores of processes that are gone.
func sweepTemporary() {
	if runtime.GOOS == "windows" { // no signal 0 to ask whether a process is alive
		return
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), TemporaryPrefix+"*"))
	for _, d := range dirs {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), TemporaryPrefix), "-")
		n, err := strconv.Atoi(pid)
		if err != nil || n == os.Getpid() {
			continue
		}
		if p, err := os.FindProcess(n); err == nil && p.Signal(syscall.Signal(0)) != nil {
			os.RemoveAll(d)
		}
	}
}

// Temporary is a store in a directory of its own, Dir, removed on Close.
type Temporary struct {
	*DB
	Dir string
}

func (t *Temporary) Close() error {
	err := t.DB.Close()
	os.RemoveAll(t.Dir)
	return err
}
