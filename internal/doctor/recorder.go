package doctor

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"
)

// exchange is one request doctor made and what came back.
type exchange struct {
	Method, Path string
	Status       int
	Date         string // the Date header
	Body         []byte // at most maxRecorded bytes
	Elapsed      time.Duration
	Err          error
}

const maxRecorded = 8 << 20

// recorder is an http.RoundTripper that keeps every answer for the report.
type recorder struct {
	base http.RoundTripper
	mu   sync.Mutex
	log  []exchange
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := r.base.RoundTrip(req)
	x := exchange{Method: req.Method, Path: req.URL.Path, Elapsed: time.Since(start), Err: err}
	if err == nil {
		x.Status, x.Date = resp.StatusCode, resp.Header.Get("Date")
		body, rerr := io.ReadAll(io.LimitReader(resp.Body, maxRecorded))
		resp.Body.Close()
		if rerr != nil {
			x.Err = rerr
		}
		x.Body = body
		resp.Body = io.NopCloser(bytes.NewReader(body))
	}
	r.mu.Lock()
	r.log = append(r.log, x)
	r.mu.Unlock()
	return resp, err
}

// taken returns the exchanges so far.
func (r *recorder) taken() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.log...)
}
