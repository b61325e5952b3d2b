package intervals

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Retry policy. A 429 means Intervals.icu refused the request without doing it, so any
// method may be sent again. A 502/503/504 or a broken connection may come after the server
// acted, so only idempotent methods are retried: a POST that creates an event is never
// repeated. Delays grow exponentially with full jitter (a random delay between 0 and
// base·2^n, capped), so clients that failed together do not retry together.
const (
	backoffBase   = 500 * time.Millisecond
	backoffCap    = 10 * time.Second
	maxRetryAfter = 60 * time.Second // a longer Retry-After is reported, not waited for
)

// idempotent reports whether sending the request twice has the same effect as once.
func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// backoff returns the delay before retry number attempt (0 for the first retry).
func backoff(attempt int, random func() float64) time.Duration {
	d := backoffCap
	if attempt < 16 {
		d = min(backoffBase<<attempt, backoffCap)
	}
	return time.Duration(random() * float64(d))
}

// parseRetryAfter reads a Retry-After header, in seconds or as an HTTP date.
func parseRetryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(h, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(24*time.Hour/time.Second) {
			secs = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	if at, err := http.ParseTime(h); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// retryDelay decides whether a failed attempt (attempt counts from 0) may be sent again,
// and after how long. It does not check the retry budget or the request body.
func retryDelay(ctx context.Context, method string, resp *http.Response, err error, attempt int, c clock) (time.Duration, bool) {
	if ctx.Err() != nil {
		return 0, false
	}
	if err != nil {
		if !idempotent(method) || permanent(err) {
			return 0, false
		}
		return backoff(attempt, c.random), true
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests:
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		if !idempotent(method) {
			return 0, false
		}
	default:
		return 0, false
	}
	if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), c.now()); ok {
		if d > maxRetryAfter {
			return 0, false
		}
		if d > 0 {
			return d, true
		}
	}
	return backoff(attempt, c.random), true
}

// permanent reports transport errors that another attempt cannot fix: the server's
// certificate is not trusted, or its answer is too large to read, so every attempt would
// fail the same way.
func permanent(err error) bool {
	if errors.Is(err, ErrAnswerTooLarge) {
		return true
	}
	var (
		unknownAuthority x509.UnknownAuthorityError
		hostname         x509.HostnameError
		invalid          x509.CertificateInvalidError
		verification     *tls.CertificateVerificationError
	)
	return errors.As(err, &unknownAuthority) || errors.As(err, &hostname) ||
		errors.As(err, &invalid) || errors.As(err, &verification)
}
