package intervals

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// transport is the http.RoundTripper that New puts under the generated client, so every
// generated method gets the same behaviour. For each request it:
//
//  1. waits for the client-side rate limiter (if enabled), or asks Options.Budget;
//  2. sends one attempt with credentials and User-Agent, under the per-attempt timeout, and
//     reads the whole answer, so a connection lost mid-body is a failed attempt;
//  3. retries what the policy in retry.go allows, after a backoff or Retry-After;
//  4. turns a final status of 400 or more into an *Error, and hands back 2xx answers with a
//     body that can be read again.
type transport struct {
	base       http.RoundTripper
	authHeader string   // the Authorization header value
	auth       authKind // which credential authHeader carries
	origin     *url.URL // only requests to this scheme and host get credentials
	userAgent  string
	timeout    time.Duration // per attempt; 0 means none
	maxRetries int           // retries after the first attempt; 0 means none
	limiter    *rate.Limiter // nil when the client-side limit is off
	budget     Budget        // Options.Budget: replaces the limiter when set
	observer   Observer      // Options.Observer; nil observes nothing
	secrets    []string      // never allowed into an *Error
	clock      clock
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	bodies := bodySource{req: req}
	defer bodies.close()
	op := ""
	if t.observer != nil {
		op = t.operationOf(req)
	}
	for attempt := 0; ; attempt++ {
		if t.budget != nil {
			if err := t.waitBudget(ctx); err != nil {
				return nil, err
			}
		} else if t.limiter != nil {
			if err := waitLimiter(ctx, t.limiter, t.clock); err != nil {
				return nil, err
			}
		}
		body, err := bodies.next()
		if err != nil {
			return nil, err
		}
		start := t.clock.now()
		resp, data, err := t.send(req, body)
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		if t.observer != nil {
			t.observer.Attempt(op, status, t.clock.now().Sub(start))
		}
		delay, again := retryDelay(ctx, req.Method, resp, err, attempt, t.clock)
		if again && (attempt >= t.maxRetries || !bodies.replayable() || pastDeadline(ctx, t.clock.now(), delay)) {
			again = false
		}
		if !again {
			return t.finish(req, resp, data, err, attempt+1)
		}
		if t.observer != nil {
			t.observer.Retry(op, status)
		}
		if err := t.clock.sleep(ctx, delay); err != nil {
			return nil, fmt.Errorf("waiting %s before retrying: %w", delay.Round(time.Millisecond), err)
		}
	}
}

// send makes one attempt and reads the whole answer.
func (t *transport) send(req *http.Request, body io.ReadCloser) (*http.Response, []byte, error) {
	ctx := req.Context()
	if t.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, t.timeout)
		defer cancel()
	}
	r := req.Clone(ctx)
	r.Body = body
	r.Header.Set("User-Agent", t.userAgent)
	if r.URL.Scheme == t.origin.Scheme && r.URL.Host == t.origin.Host {
		r.Header.Set("Authorization", t.authHeader)
	}
	resp, err := t.base.RoundTrip(r)
	if err != nil {
		return nil, nil, t.attemptError(req, ctx, err)
	}
	data, err := readBody(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, nil, fmt.Errorf("reading the answer: %w", t.attemptError(req, ctx, err))
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))
	resp.ContentLength = int64(len(data))
	resp.Request = req // the caller's request: it never carried the credentials
	return resp, data, nil
}

// MaxAnswer is the most of one answer the client reads: a call's memory stays bounded
// whatever Intervals.icu sends. The largest answers the tools ask for (a long activity's
// streams, years of activities) are a few MB.
const MaxAnswer = 64 << 20

// ErrAnswerTooLarge is the error of an answer longer than MaxAnswer. No attempt is retried
// for it: the same request would get the same answer.
var ErrAnswerTooLarge = fmt.Errorf("Intervals.icu's answer is larger than %d MiB, the most one request reads: ask for less (a shorter date range, fewer items)", MaxAnswer>>20)

// bodyBuffers are reused to read answers, so each answer costs one allocation of its own
// size instead of a chain of growing slices (the API sends bodies chunked, without a length).
var bodyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// readBody reads a whole answer, up to MaxAnswer.
func readBody(r io.Reader) ([]byte, error) {
	buf := bodyBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 1<<20 {
			bodyBuffers.Put(buf)
		}
	}()
	if _, err := buf.ReadFrom(io.LimitReader(r, MaxAnswer+1)); err != nil {
		return nil, err
	}
	if buf.Len() > MaxAnswer {
		return nil, ErrAnswerTooLarge
	}
	return bytes.Clone(buf.Bytes()), nil
}

// attemptError says when an attempt failed because the per-attempt timeout ran out.
func (t *transport) attemptError(req *http.Request, attemptCtx context.Context, err error) error {
	if req.Context().Err() == nil && errors.Is(attemptCtx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %s (Options.Timeout): %w", t.timeout, err)
	}
	return err
}

// finish returns the last attempt's outcome to the caller.
func (t *transport) finish(req *http.Request, resp *http.Response, data []byte, err error, attempts int) (*http.Response, error) {
	if err != nil {
		if attempts > 1 {
			err = fmt.Errorf("after %d attempts: %w", attempts, err)
		}
		return nil, err
	}
	if resp.StatusCode >= 400 {
		return nil, t.errorFor(req, resp, data)
	}
	return resp, nil
}

// errorFor builds the *Error for an answer with a failure status.
func (t *transport) errorFor(req *http.Request, resp *http.Response, body []byte) *Error {
	path := req.URL.Path
	opPath := strings.TrimPrefix(path, t.origin.Path)
	var opID string
	if op, ok := OperationFor(req.Method, opPath); ok {
		opID = op.OperationID
	}
	e := newError(opID, req.Method, path, resp.StatusCode, body, t.auth, t.secrets)
	if resp.StatusCode == http.StatusTooManyRequests {
		// Say how long Intervals.icu asked to wait, when it did.
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), t.clock.now()); ok && d > 0 {
			e.Hint = fmt.Sprintf("rate limited by Intervals.icu (about 10 requests/s): it asks to wait %s before retrying", d.Round(time.Second))
		}
	}
	return e
}

// pastDeadline reports whether waiting d from now would end after ctx's deadline: the
// caller would only get a timeout, so the last answer is more useful.
func pastDeadline(ctx context.Context, now time.Time, d time.Duration) bool {
	deadline, ok := ctx.Deadline()
	return ok && now.Add(d).After(deadline)
}

// bodySource hands out the request body for each attempt. A body with GetBody (every body
// the generated client and NewMultipartFile make) can be sent again; any other body only once.
type bodySource struct {
	req  *http.Request
	used bool
}

var errBodyNotReplayable = errors.New("the request body cannot be sent again (it has no GetBody)")

func (b *bodySource) next() (io.ReadCloser, error) {
	body := b.req.Body
	if body == nil || body == http.NoBody {
		return body, nil
	}
	if b.req.GetBody != nil {
		return b.req.GetBody()
	}
	if b.used {
		return nil, errBodyNotReplayable
	}
	b.used = true
	return body, nil
}

func (b *bodySource) replayable() bool {
	body := b.req.Body
	return body == nil || body == http.NoBody || b.req.GetBody != nil
}

// close closes the caller's body unless it was handed to the base transport, which closed
// it: the RoundTripper contract says the body is always closed.
func (b *bodySource) close() {
	body := b.req.Body
	if body != nil && body != http.NoBody && (b.req.GetBody != nil || !b.used) {
		_ = body.Close()
	}
}
