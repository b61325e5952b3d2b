package intervals

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Error is what every method of a client made by New returns when Intervals.icu answers with
// a status other than 2xx: which operation failed, the status, the API's own message and a
// one-line hint that tells the user what to do. It never holds a credential.
type Error struct {
	Operation string // operationId from Operations, e.g. "listEvents" ("" if unknown)
	Method    string // request method
	Path      string // request URL path, without query string
	Status    int    // HTTP status code
	Message   string // the API's own message, one line, at most about 300 characters
	Hint      string // one line for the user: what is wrong and what to do
	Body      []byte // at most 4 KiB of the response body
}

const (
	maxMessageLen = 300
	maxErrorBody  = 4 << 10
)

// Error formats the failure on one line: "listEvents: 404 Not Found: <message> (<hint>)".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Operation != "" {
		b.WriteString(e.Operation)
	} else {
		b.WriteString(e.Method + " " + e.Path)
	}
	fmt.Fprintf(&b, ": %d %s", e.Status, http.StatusText(e.Status))
	msg := e.Message
	if strings.EqualFold(msg, http.StatusText(e.Status)) {
		msg = "" // Spring's {"error":"Not Found"} says nothing the status line does not
	}
	switch {
	case msg != "" && strings.Contains(e.Hint, msg):
		b.WriteString(": " + e.Hint)
	case msg != "" && e.Hint != "":
		b.WriteString(": " + msg + " (" + e.Hint + ")")
	case msg != "":
		b.WriteString(": " + msg)
	case e.Hint != "":
		b.WriteString(" (" + e.Hint + ")")
	}
	return b.String()
}

// StatusOf returns the HTTP status of the *Error in err's chain, or 0 if there is none
// (a transport failure, a cancelled context, a JSON decoding error).
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// authKind says which credential a client sends; 401 hints differ between the two.
type authKind int

const (
	authAPIKey authKind = iota
	authBearer
)

// hintFor returns the one-line advice for a status and the API's message.
func hintFor(status int, message string, auth authKind) string {
	switch {
	case status == http.StatusUnauthorized && auth == authBearer:
		return "the OAuth access token is invalid, expired or revoked: authorize the app again to get a new one"
	case status == http.StatusUnauthorized:
		return "the API key is wrong or revoked: create one at https://intervals.icu/settings (Developer Settings) and set API_KEY"
	case status == http.StatusForbidden:
		return "access denied: if you sent an API key as a Bearer token, send it as Basic auth with username API_KEY (or the athlete does not share this data with you)"
	case status == http.StatusNotFound:
		return "not found: check the id (athlete ids look like i12345; events and activities must belong to this athlete)"
	case status == http.StatusUnprocessableEntity && strings.Contains(strings.ToLower(message), "strava"):
		return "Strava activities are not available through the API: Intervals.icu only shows them in its own UI; upload the file or connect the device directly to Intervals.icu"
	case status == http.StatusUnprocessableEntity || status == http.StatusBadRequest:
		if message == "" {
			return "the request was rejected"
		}
		return "the request was rejected: " + message
	case status == http.StatusTooManyRequests:
		return "rate limited by Intervals.icu (about 10 requests/s): wait a few seconds and retry"
	case status >= 500:
		return "Intervals.icu had a server error: try again later"
	}
	return ""
}

// newError builds the *Error for a non-2xx answer. secrets are removed from the message
// and the body, in case a server or proxy echoes the request's credentials.
func newError(op, method, path string, status int, body []byte, auth authKind, secrets []string) *Error {
	body = redact(body, secrets)
	msg := messageOf(body)
	if len(body) > maxErrorBody {
		body = body[:maxErrorBody]
	}
	return &Error{
		Operation: op,
		Method:    method,
		Path:      path,
		Status:    status,
		Message:   msg,
		Hint:      hintFor(status, msg, auth),
		Body:      append([]byte(nil), body...),
	}
}

// redact replaces every secret in b with "[redacted]".
func redact(b []byte, secrets []string) []byte {
	for _, s := range secrets {
		if s != "" && strings.Contains(string(b), s) {
			b = []byte(strings.ReplaceAll(string(b), s, "[redacted]"))
		}
	}
	return b
}
