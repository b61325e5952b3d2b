package fakeicu

import (
	"slices"
	"sync"
	"time"
)

// Write is one successful write (a 2xx answer to POST, PUT, PATCH or DELETE), so that tests
// can assert that a write happened, or that none did.
type Write struct {
	Method    string
	Path      string // e.g. "/api/v1/athlete/0/events/bulk"
	Query     string // raw query, e.g. "upsert=true"
	Operation string // spec operationId, e.g. "createMultipleEvents"
	Status    int
	Time      time.Time // by the fake's clock
}

// writeLog is the fake's list of writes.
type writeLog struct {
	mu     sync.Mutex
	writes []Write
}

func (l *writeLog) add(w Write) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, w)
}

func (l *writeLog) list() []Write {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.writes)
}

func (l *writeLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = nil
}
