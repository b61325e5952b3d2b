package intervals

import (
	"net/http"
	"strings"
	"time"
)

// Observer is told what the client does, for metrics (Options.Observer): each attempt sent
// to Intervals.icu with its operation (the API's operationId; "unknown" for a path outside
// the API) and status (0 when no answer came), each retry and what it came after, and each
// wait for Options.Budget. Its methods must not block.
type Observer interface {
	Attempt(operation string, status int, took time.Duration)
	Retry(operation string, status int)
	BudgetWait(waited time.Duration, refused bool)
}

// operationOf names a request's operation for an Observer.
func (t *transport) operationOf(req *http.Request) string {
	if op, ok := OperationFor(req.Method, strings.TrimPrefix(req.URL.Path, t.origin.Path)); ok {
		return op.OperationID
	}
	return "unknown"
}
