//go:build !unix

package store

import (
	"errors"
	"os"
)

// Without flock and signal 0 (Windows) no owner is known dead: journals wait for the lease.

func lockFile(string) (*os.File, error) { return nil, errors.New("no flock on this system") }

func lockReleased(string) (dead, known bool) { return false, false }

func lockFree(string) (free, known bool) { return false, false }

func processAlive(int) bool { return true }
