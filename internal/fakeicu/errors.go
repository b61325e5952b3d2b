package fakeicu

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// apiError is the body Intervals.icu sends for errors its handlers raise:
// {"status":422,"error":"..."} (see ../shared/fixtures/errors.json).
type apiError struct {
	Status int    `json:"status"`
	Error  string `json:"error"`
}

// springError is Spring Boot's default body for paths no handler maps:
// {"timestamp":"...","status":404,"error":"Not Found","path":"/api/v1/..."}.
type springError struct {
	Timestamp intervals.DateTime `json:"timestamp"`
	Status    int                `json:"status"`
	Error     string             `json:"error"`
	Path      string             `json:"path"`
}

// Messages the fake shares with the real API, word for word where it is known.
const (
	msgAccessDenied = "Access denied"
	msgStrava       = "Cannot read Strava activities via the API"
)

// writeJSON writes v as the JSON body of a response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fake could not encode its answer: "+err.Error())
		return
	}
	writeBody(w, status, b)
}

// writeBody writes an already encoded JSON body.
func writeBody(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeError writes Intervals.icu's error body.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Status: status, Error: msg})
}

// writeErrorf writes Intervals.icu's error body with a formatted message.
func writeErrorf(w http.ResponseWriter, status int, format string, args ...any) {
	writeError(w, status, fmt.Sprintf(format, args...))
}

// writeSpringError writes Spring Boot's default error body, as for an unmapped path.
func writeSpringError(w http.ResponseWriter, r *http.Request, now time.Time, status int, msg string) {
	writeJSON(w, status, springError{
		Timestamp: intervals.NewDateTime(now.UTC()),
		Status:    status,
		Error:     msg,
		Path:      r.URL.Path,
	})
}

// decodeBody reads a JSON request body into v; on failure it answers 400 like Spring's
// HttpMessageNotReadableException and returns false.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		writeErrorf(w, http.StatusBadRequest, "I/O error while reading input message: %v", err)
		return false
	}
	if len(bytes.TrimSpace(b)) == 0 {
		writeError(w, http.StatusBadRequest, "Required request body is missing")
		return false
	}
	if err := json.Unmarshal(b, v); err != nil {
		writeErrorf(w, http.StatusBadRequest, "JSON parse error: %v", err)
		return false
	}
	return true
}

// defaultedParams are query parameters the spec marks required but the real API defaults
// (Spring's @RequestParam(defaultValue=...)): a request without them is served as if it
// carried the default.
var defaultedParams = map[string]string{
	"upsertOnUid":       "false",
	"updatePlanApplied": "false",
	"recalcHrZones":     "false",
	"f1":                "",
	"f2":                "",
	"f3":                "",
}

// paramErrorHandler answers the generated wrappers' parameter errors the way Spring does:
// a missing required parameter is 422 naming it, a value of the wrong type 500 with the
// MethodArgumentTypeMismatchException text (errors.json: 500_type_mismatch).
func (f *Fake) paramErrorHandler(w http.ResponseWriter, r *http.Request, err error) {
	var required *api.RequiredParamError
	if errors.As(err, &required) {
		if def, ok := defaultedParams[required.ParamName]; ok && !r.URL.Query().Has(required.ParamName) {
			q := r.URL.Query()
			q.Set(required.ParamName, def)
			r2 := r.Clone(r.Context())
			r2.URL.RawQuery = q.Encode()
			f.routes().ServeHTTP(w, r2)
			return
		}
		writeErrorf(w, http.StatusUnprocessableEntity,
			"Required request parameter '%s' is not present", required.ParamName)
		return
	}
	var format *api.InvalidParamFormatError
	if errors.As(err, &format) {
		writeErrorf(w, http.StatusInternalServerError,
			"org.springframework.web.method.annotation.MethodArgumentTypeMismatchException: "+
				"Failed to convert value of parameter '%s': %v", format.ParamName, format.Err)
		return
	}
	writeError(w, http.StatusBadRequest, err.Error())
}
