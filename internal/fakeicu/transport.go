package fakeicu

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// Transport returns a RoundTripper that serves requests in-process, without a socket, for
// --demo and tests. It behaves like the network: the body streams through a pipe while the
// handler writes it, cancelling the request's context stops the handler, and a dropped
// connection (FaultDrop) makes reading the body fail with io.ErrUnexpectedEOF.
func (f *Fake) Transport() http.RoundTripper { return transport{f: f} }

type transport struct{ f *Fake }

func (t transport) RoundTrip(req *http.Request) (*http.Response, error) {
	sreq := req.Clone(req.Context())
	sreq.RequestURI = req.URL.RequestURI()
	sreq.RemoteAddr = "127.0.0.1:0"
	if sreq.Body == nil {
		sreq.Body = http.NoBody
	}
	pr, pw := io.Pipe()
	rw := &pipeWriter{header: http.Header{}, pw: pw, ready: make(chan struct{})}
	go func() {
		defer func() {
			if p := recover(); p != nil {
				if p != http.ErrAbortHandler {
					rw.fail(errors.New("fake intervals.icu: handler panicked"))
					panic(p)
				}
				rw.fail(io.ErrUnexpectedEOF)
				return
			}
			rw.finish()
		}()
		t.f.Handler().ServeHTTP(rw, sreq)
	}()
	select {
	case <-rw.ready:
	case <-req.Context().Done():
		pr.CloseWithError(req.Context().Err())
		return nil, req.Context().Err()
	}
	if rw.err != nil && !rw.wrote {
		return nil, rw.err
	}
	resp := &http.Response{
		Status:        strconv.Itoa(rw.status) + " " + http.StatusText(rw.status),
		StatusCode:    rw.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        rw.sent,
		Body:          pr,
		ContentLength: -1,
		Request:       req,
	}
	if n, err := strconv.ParseInt(rw.sent.Get("Content-Length"), 10, 64); err == nil {
		resp.ContentLength = n
	}
	return resp, nil
}

// pipeWriter is the handler's side of an in-process response.
type pipeWriter struct {
	header http.Header
	sent   http.Header // the header as sent, frozen at WriteHeader
	pw     *io.PipeWriter
	status int
	once   sync.Once
	ready  chan struct{} // closed when the status and header are known
	wrote  bool          // headers were sent before a failure
	err    error
}

func (w *pipeWriter) Header() http.Header { return w.header }

func (w *pipeWriter) WriteHeader(code int) {
	w.once.Do(func() {
		w.status, w.sent, w.wrote = code, w.header.Clone(), true
		close(w.ready)
	})
}

func (w *pipeWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.pw.Write(b)
}

// Flush is a no-op: every Write already reaches the reader.
func (w *pipeWriter) Flush() {}

func (w *pipeWriter) finish() {
	w.WriteHeader(http.StatusOK)
	_ = w.pw.Close()
}

func (w *pipeWriter) fail(err error) {
	w.once.Do(func() {
		w.err = err
		close(w.ready)
	})
	_ = w.pw.CloseWithError(err)
}
