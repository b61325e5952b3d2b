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

// Request is one request that reached the fake, faulted or not: what a tool asked of
// Intervals.icu, so that a test can compare it with the operations the tool declares.
type Request struct {
	Method    string
	Path      string
	Operation string // spec operationId; "" for a path the spec does not have
}

// requestLog is the fake's list of requests.
type requestLog struct {
	mu   sync.Mutex
	reqs []Request
}

func (l *requestLog) add(r Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reqs = append(l.reqs, r)
}

// take returns the requests logged since the last take and empties the log.
func (l *requestLog) take() []Request {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.reqs
	l.reqs = nil
	return r
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
