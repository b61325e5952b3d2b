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
	Body      string    // the request's body as sent (its first MB): what a client asked to be written
}

// Request is one request that reached the fake, faulted or not: what a tool asked of
// Intervals.icu, so that a test can compare it with the operations the tool declares.
type Request struct {
	Method    string
	Path      string
	Operation string // spec operationId; "" for a path the spec does not have
}

// eventLog is a list the fake appends to (its writes, its requests), safe for concurrent use.
type eventLog[T any] struct {
	mu    sync.Mutex
	items []T
}

func (l *eventLog[T]) add(x T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, x)
}

func (l *eventLog[T]) list() []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.items)
}

// take returns the list and empties it.
func (l *eventLog[T]) take() []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	x := l.items
	l.items = nil
	return x
}

func (l *eventLog[T]) reset() { l.take() }
