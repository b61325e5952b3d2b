//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// lockFile creates path and holds an exclusive flock on it until the file is closed (or the
// process dies).
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// lockReleased says whether the lock at path is free (its owner is dead; the file is then
// removed), and known whether the file was there to ask.
func lockReleased(path string) (dead, known bool) {
	if dead, known = lockFree(path); dead {
		os.Remove(path)
	}
	return dead, known
}

// lockFree says whether the lock at path is free (its owner is dead), leaving the file, and
// known whether the file was there to ask.
func lockFree(path string) (free, known bool) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return false, false
	}
	defer f.Close()
	switch err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); {
	case err == nil:
		return true, true
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, true
	}
	return false, false
}

// processAlive says whether pid is a process of this PID namespace (signal 0 asks).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
