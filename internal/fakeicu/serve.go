package fakeicu

import (
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// serve is the request pipeline: faults first (they hit before the API is reached, as a
// proxy or an overloaded server would), then auth, then the route's handler.
func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	op := ""
	if rt, _, _ := f.routes().lookup(r.Method, r.URL); rt != nil {
		op = operationIDs()[rt.method+" "+rt.path]
	}
	if f.opts.LogRequests {
		f.reqs.add(Request{Method: r.Method, Path: r.URL.Path, Operation: op})
	}
	delay, fault, finish := f.faults.take(r.Method, r.URL.Path, op)
	if finish {
		r = r.WithContext(context.WithoutCancel(r.Context())) // served whatever its client does
	}
	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	}
	if fault == nil {
		f.serveAPI(w, r, op)
		return
	}
	f.opts.Logger.Debug("fake intervals.icu fault", "fault", fault.String(), "method", r.Method, "path", r.URL.Path)
	switch fault.Kind {
	case FaultStatus:
		if fault.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(fault.RetryAfter.Seconds()))))
		}
		writeError(w, fault.Status, http.StatusText(fault.Status))
	case FaultBadJSON:
		rec := newRecorder()
		f.serveAPI(rec, r, op)
		body := rec.body.Bytes()
		cut := body[:len(body)/2]
		if len(cut) == 0 {
			cut = []byte("{")
		}
		writeBody(w, http.StatusOK, cut)
	case FaultMisread:
		f.serveAPI(w, r.WithContext(withMisread(r.Context())), op)
	case FaultGhost:
		writeBody(w, http.StatusOK, []byte(`{"id":`))
	case FaultExtraField:
		rec := newRecorder()
		f.serveAPI(rec, r, op)
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		writeBody(w, cmp.Or(rec.status, http.StatusOK), withExtraField(rec.body.Bytes()))
	case FaultDrop:
		rec := newRecorder()
		f.serveAPI(rec, r, op)
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		body := rec.body.Bytes()
		// Announce at least one byte, so that even an empty answer is cut short.
		w.Header().Set("Content-Length", strconv.Itoa(max(len(body), 1)))
		w.WriteHeader(rec.status)
		_, _ = w.Write(body[:len(body)/2])
		if fl, ok := w.(http.Flusher); ok {
			fl.Flush()
		}
		// net/http (and Transport) close the connection without completing the response.
		panic(http.ErrAbortHandler)
	}
}

// serveAPI authenticates, dispatches and records the write.
func (f *Fake) serveAPI(w http.ResponseWriter, r *http.Request, op string) {
	sw := &statusWriter{ResponseWriter: w}
	defer func() {
		f.opts.Logger.Debug("fake intervals.icu", "method", r.Method, "path", r.URL.Path, "op", op, "status", sw.status)
	}()
	if f.serveOAuth(sw, r) {
		return
	}
	c, ok := f.authorize(sw, r)
	if !ok {
		return
	}
	if c.oauth && !scopeAllows(c.scopes, r.Method, op) {
		writeError(sw, http.StatusForbidden, msgAccessDenied)
		return
	}
	r = r.WithContext(withCaller(r.Context(), c))
	if op != "" && !implemented[op] {
		writeErrorf(sw, http.StatusNotImplemented,
			"the fake Intervals.icu does not implement %s (%s %s); use the real API for it", op, r.Method, r.URL.Path)
		return
	}
	var body []byte
	if isWrite(r.Method) && r.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(r.Body, 1<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	// Handlers answer into a buffer, so that no client can stall one while it holds the
	// store's lock; the answer is then copied out.
	rec := f.dispatch(r, op)
	status := cmp.Or(rec.status, http.StatusOK)
	// The write is in the store once dispatch returns: log it before the client can read a
	// byte of the answer, so that a test reading Writes() after a call never misses it.
	if isWrite(r.Method) && status >= 200 && status < 300 {
		f.log.add(Write{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Operation: op, Status: status, Time: f.opts.Now(), Body: string(body)})
	}
	for k, v := range rec.header {
		sw.Header()[k] = v
	}
	sw.WriteHeader(status)
	_, _ = sw.Write(rec.body.Bytes())
}

// authorize checks credentials the way Intervals.icu does: Basic auth with user API_KEY and
// the key as password, or an OAuth bearer token (Options.BearerToken, or one the fake
// issued). The API key sent as a bearer token is 403, a wrong or missing credential 401.
// It returns who the credential belongs to.
func (f *Fake) authorize(w http.ResponseWriter, r *http.Request) (caller, bool) {
	h := r.Header.Get("Authorization")
	scheme, cred, _ := strings.Cut(h, " ")
	switch strings.ToLower(scheme) {
	case "basic":
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(cred))
		if err != nil {
			// errors.json 500_bad_basic_auth_base64: Java's decoder error surfaces as a 500.
			writeErrorf(w, http.StatusInternalServerError, "java.lang.IllegalArgumentException: %v", err)
			return caller{}, false
		}
		user, pass, _ := strings.Cut(string(raw), ":")
		if user == "API_KEY" && pass == f.opts.APIKey {
			return caller{}, true
		}
	case "bearer":
		tok := strings.TrimSpace(cred)
		if f.opts.BearerToken != "" && tok == f.opts.BearerToken {
			return caller{}, true
		}
		if c, ok := f.oauth.caller(tok); ok {
			return c, true
		}
		if tok == f.opts.APIKey {
			writeError(w, http.StatusForbidden, msgAccessDenied)
			return caller{}, false
		}
	}
	w.Header().Set("WWW-Authenticate", `Basic realm="intervals.icu"`)
	writeError(w, http.StatusUnauthorized, "Unauthorized")
	return caller{}, false
}

// statusWriter remembers the status a handler answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// recorder buffers a response so that a fault can mangle it.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newRecorder() *recorder { return &recorder{header: http.Header{}} }

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}

// dispatch runs the route's handler into a buffer. A handler that panics is a bug of the
// fake: it is answered 500 with the operation named, and logged, instead of killing the
// connection.
func (f *Fake) dispatch(r *http.Request, op string) (rec *recorder) {
	rec = newRecorder()
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			f.opts.Logger.Error("fake intervals.icu handler panicked", "op", op, "panic", fmt.Sprint(p))
			rec = newRecorder()
			writeErrorf(rec, http.StatusInternalServerError, "fake intervals.icu: internal error in %s: %v", op, p)
		}
	}()
	f.routes().ServeHTTP(rec, r)
	return rec
}

// withExtraField adds ExtraField to a JSON object, or to each object of a JSON array; any
// other body is returned as it is.
func withExtraField(body []byte) []byte {
	add := func(obj json.RawMessage) json.RawMessage {
		var m map[string]json.RawMessage
		if json.Unmarshal(obj, &m) != nil || m == nil {
			return obj
		}
		m[ExtraField] = json.RawMessage(`"extra"`)
		b, _ := json.Marshal(m)
		return b
	}
	var list []json.RawMessage
	if json.Unmarshal(body, &list) == nil {
		for i := range list {
			list[i] = add(list[i])
		}
		b, _ := json.Marshal(list)
		return b
	}
	return add(body)
}
