package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// A journal's owner (journals.claimed_by) is a replica ID, "host:pid:ns:random": the host
// and process that write it, ns naming the process's PID namespace on that boot (so that a
// pid is only ever looked up where it means the same process), and a random part that is
// new with every DB. A claimer knows an owner is dead, without waiting for its lease, when
//   - the owner's lock is free: with SQLite, every DB holds an exclusive flock on a file of
//     its own in the data directory (owners/) for its life, which the kernel releases when
//     the process dies, even by kill -9; or
//   - the owner ran on this host, in this PID namespace, and its pid is gone.
// Anything else (another host, a pid that is alive, perhaps reused) waits for the lease.

// ownersDir is the data directory's folder of owner locks.
const ownersDir = "owners"

// replicaID is unique per DB value: host, process, PID namespace and a random part.
func replicaID() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s:%d:%s:%s", strings.ReplaceAll(host, ":", "_"), os.Getpid(), pidNamespace(), rand.Text()[:8])
}

// owner is a replica ID read back.
type owner struct {
	host string
	pid  int
	ns   string
}

// parseOwner reads a replica ID; ok is false for one of another form (an older version's).
func parseOwner(id string) (o owner, ok bool) {
	f := strings.Split(id, ":")
	if len(f) != 4 {
		return o, false
	}
	pid, err := strconv.Atoi(f[1])
	if err != nil || pid <= 0 {
		return o, false
	}
	return owner{host: f[0], pid: pid, ns: f[2]}, true
}

// pidNamespace names this process's PID namespace on this boot (Linux: the boot id and the
// namespace's inode), "" where it cannot be known: pids are then never looked up.
var pidNamespace = sync.OnceValue(func() string {
	boot, err1 := os.ReadFile("/proc/sys/kernel/random/boot_id")
	ns, err2 := os.Readlink("/proc/self/ns/pid")
	if err1 != nil || err2 != nil {
		return ""
	}
	h := sha256.Sum256([]byte(strings.TrimSpace(string(boot)) + "\x00" + ns))
	return hex.EncodeToString(h[:6])
})

// ownerDead says whether the owner id is known to be dead (see above).
func (s *DB) ownerDead(id string) bool {
	if id == s.id {
		return false
	}
	if s.lockDir != "" {
		if dead, known := lockReleased(s.lockPath(id)); known {
			return dead
		}
	}
	o, ok := parseOwner(id)
	me, _ := parseOwner(s.id)
	if !ok || o.ns == "" || o.host != me.host || o.ns != me.ns {
		return false
	}
	return !processAlive(o.pid)
}

// lockPath is the file of owner id's lock.
func (s *DB) lockPath(id string) string {
	h := sha256.Sum256([]byte(id))
	return filepath.Join(s.lockDir, hex.EncodeToString(h[:12])+".lock")
}

// releaseOwnerLock releases this DB's lock and removes its file (Close).
func (s *DB) releaseOwnerLock() {
	if s.lock != nil {
		os.Remove(s.lock.Name())
		s.lock.Close()
		s.lock = nil
	}
}

// holdOwnerLock takes this DB's own lock in dir (SQLite's data directory) for its life, and
// removes the locks of owners that are gone. A file system without flock leaves the lease.
func (s *DB) holdOwnerLock(dir string) {
	d := filepath.Join(dir, ownersDir)
	if err := os.MkdirAll(d, 0o700); err != nil {
		return
	}
	s.lockDir, s.pendingDir = d, d
	f, err := lockFile(s.lockPath(s.id))
	if err != nil {
		s.lockDir = ""
		return
	}
	s.lock = f
	old, _ := filepath.Glob(filepath.Join(d, "*.lock"))
	for _, f := range old {
		if f != s.lockPath(s.id) {
			lockReleased(f) // removes it if its owner is gone
		}
	}
}
