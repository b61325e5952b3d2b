package toolcall

import "sync"

// Writes keeps what a write must remember across calls until it is done or undone: the
// absolute plan of a move (move_sessions), under a key made of the athlete and the call's
// arguments, so that a repeat of a call that failed half-way carries out the same plan
// instead of starting a new one. Values are opaque JSON and the API is three calls, so a
// store on disk can replace this in-memory one. The zero value is ready; a nil *Writes
// keeps nothing.
type Writes struct {
	mu sync.Mutex
	m  map[string][]byte
}

// Get returns the value kept under key.
func (w *Writes) Get(key string) ([]byte, bool) {
	if w == nil {
		return nil, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	v, ok := w.m[key]
	return v, ok
}

// Put keeps value under key, replacing what was there.
func (w *Writes) Put(key string, value []byte) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.m == nil {
		w.m = map[string][]byte{}
	}
	w.m[key] = value
}

// Delete forgets key: the write it was kept for is done or undone.
func (w *Writes) Delete(key string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.m, key)
}
