package intervals

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
)

// TestRecordedErrorBodiesBecomeErrors serves every body of errors.json with its status and
// checks the *Error the generated client returns.
func TestRecordedErrorBodiesBecomeErrors(t *testing.T) {
	raw, err := fixtures.Read("errors.json")
	if err != nil {
		t.Fatalf("reading errors.json: %v", err)
	}
	var bodies map[string]json.RawMessage
	if err := json.Unmarshal(raw, &bodies); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		message, hint string
	}{
		"403_access_denied":                  {"Access denied", hintFor(403, "", authAPIKey)},
		"404_unknown_route_spring_default":   {"Not Found", hintFor(404, "", authAPIKey)},
		"404_unknown_route_spring_default_2": {"Not Found", hintFor(404, "", authAPIKey)},
		"422_validation": {"Expected left, top, right, bottom for bounds",
			"the request was rejected: Expected left, top, right, bottom for bounds"},
		"422_strava_activity": {"Cannot read Strava activities via the API",
			"Strava activities are not available through the API: Intervals.icu only shows them in its own UI; upload the file or connect the device directly to Intervals.icu"},
		"422_bulk_workouts_array_body": {"Name is too long", "the request was rejected: Name is too long"},
		"500_type_mismatch": {`org.springframework.web.method.annotation.MethodArgumentTypeMismatchException: Failed to convert value of type 'java.lang.String' to required type 'float[]'; nested exception is java.lang.NumberFormatException: For input string: "left"`,
			"Intervals.icu had a server error: try again later"},
		"500_bad_basic_auth_base64": {"java.lang.IllegalArgumentException: Input byte array has incorrect ending byte at 48", "Intervals.icu had a server error: try again later"},
	}
	for name, body := range bodies {
		if strings.HasPrefix(name, "_") {
			continue
		}
		w, ok := want[name]
		if !ok {
			t.Errorf("errors.json has %q, which this test does not know: add it", name)
			continue
		}
		status, _ := strconv.Atoi(name[:3])
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
				rw.Header().Set("Content-Type", "application/json")
				rw.WriteHeader(status)
				_, _ = rw.Write(body)
			}))
			defer srv.Close()
			c := newTestClient(t, srv, Options{MaxRetries: -1}, newFakeClock())
			_, err := c.ShowEventWithResponse(context.Background(), "i1", 42)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v (%T), want an *Error", err, err)
			}
			if e.Status != status || e.Operation != "showEvent" || e.Method != "GET" || e.Path != "/api/v1/athlete/i1/events/42" {
				t.Errorf("got %d %s %s %s, want %d showEvent GET /api/v1/athlete/i1/events/42", e.Status, e.Operation, e.Method, e.Path, status)
			}
			if e.Message != w.message {
				t.Errorf("Message = %q, want %q", e.Message, w.message)
			}
			if len(e.Message) > 310 || strings.ContainsAny(e.Message, "\n\r") {
				t.Errorf("Message is not one short line: %q", e.Message)
			}
			if e.Hint != w.hint {
				t.Errorf("Hint = %q, want %q", e.Hint, w.hint)
			}
			if string(e.Body) != string(body) {
				t.Errorf("Body = %s, want the response body", e.Body)
			}
		})
	}
}

func TestErrorHintsByStatus(t *testing.T) {
	for _, tc := range []struct {
		status int
		auth   authKind
		want   string
	}{
		{401, authAPIKey, "API key is wrong or revoked"},
		{401, authBearer, "access token is invalid"},
		{403, authAPIKey, "send it as Basic auth with username API_KEY"},
		{404, authAPIKey, "athlete ids look like i12345"},
		{429, authAPIKey, "rate limited by Intervals.icu"},
		{502, authAPIKey, "server error"},
		{400, authAPIKey, "the request was rejected: bad"},
	} {
		if got := hintFor(tc.status, "bad", tc.auth); !strings.Contains(got, tc.want) {
			t.Errorf("hintFor(%d) = %q, want it to contain %q", tc.status, got, tc.want)
		}
	}
	if got := hintFor(409, "x", authAPIKey); got != "" {
		t.Errorf("hintFor(409) = %q, want none", got)
	}
}

func TestErrorString(t *testing.T) {
	for _, tc := range []struct {
		err  Error
		want string
	}{
		{Error{Operation: "listEvents", Status: 404, Message: "Not Found", Hint: "not found: check the id"},
			"listEvents: 404 Not Found (not found: check the id)"},
		{Error{Operation: "getActivity", Status: 422, Message: "Cannot read Strava activities via the API", Hint: "Strava activities are not available"},
			"getActivity: 422 Unprocessable Entity: Cannot read Strava activities via the API (Strava activities are not available)"},
		{Error{Operation: "createEvent", Status: 422, Message: "Name is too long", Hint: "the request was rejected: Name is too long"},
			"createEvent: 422 Unprocessable Entity: the request was rejected: Name is too long"},
		{Error{Method: "GET", Path: "/api/v1/nope", Status: 409, Message: "Conflict here"},
			"GET /api/v1/nope: 409 Conflict: Conflict here"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q\nwant      %q", got, tc.want)
		}
	}
}

func TestStatusOf(t *testing.T) {
	wrapped := fmt.Errorf("list events: %w", &Error{Status: 503})
	if got := StatusOf(wrapped); got != 503 {
		t.Errorf("StatusOf(wrapped) = %d, want 503", got)
	}
	if got := StatusOf(errors.New("dial tcp: refused")); got != 0 {
		t.Errorf("StatusOf(plain) = %d, want 0", got)
	}
	if got := StatusOf(nil); got != 0 {
		t.Errorf("StatusOf(nil) = %d, want 0", got)
	}
}

func TestMessageOf(t *testing.T) {
	long := strings.Repeat("é", 400)
	for _, tc := range []struct{ body, want string }{
		{`{"status":403,"error":"Access denied"}`, "Access denied"},
		{`{"error":"Bad Request","message":"Required parameter 'oldest' is not present"}`, "Required parameter 'oldest' is not present"},
		{`{"error":"Bad Request","message":"No message available"}`, "Bad Request"},
		{`{"message":"only message"}`, "only message"},
		{`[{"error":"a"},{"error":"b"}]`, "a; b"},
		{`"quoted"`, "quoted"},
		{"plain\ntext\t here ", "plain text here"},
		{"<html><head><title>502 Bad &amp; Gateway</title></head><body>...</body></html>", "502 Bad & Gateway"},
		{"<html><body>no title</body></html>", ""},
		{`{"broken json`, `{"broken json`},
		{"", ""},
		{long, strings.Repeat("é", 299) + "…"},
	} {
		if got := messageOf([]byte(tc.body)); got != tc.want {
			t.Errorf("messageOf(%.40q) = %q, want %q", tc.body, got, tc.want)
		}
	}
}

func TestErrorBodyIsCapped(t *testing.T) {
	e := newError("x", "GET", "/", 500, []byte(strings.Repeat("a", 10000)), authAPIKey, nil)
	if len(e.Body) != maxErrorBody {
		t.Errorf("len(Body) = %d, want %d", len(e.Body), maxErrorBody)
	}
}

// TestAPIKeyNeverInError has the server echo the request's credentials in its error body.
func TestAPIKeyNeverInError(t *testing.T) {
	for name, opts := range map[string]Options{
		"api key": {APIKey: testKey, MaxRetries: -1},
		"token":   {AccessToken: testKey, MaxRetries: -1},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(401)
				_, pass, _ := r.BasicAuth()
				fmt.Fprintf(w, `{"error":"bad credentials %s / %s / %s"}`, r.Header.Get("Authorization"), pass, testKey)
			}))
			defer srv.Close()
			_, err := listEvents(newTestClient(t, srv, opts, newFakeClock()), context.Background())
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("err = %v, want an *Error", err)
			}
			basic := "QVBJX0tFWTpzM2NyM3QtdGVzdC1rZXktMDEyMzQ1Njc4OQ" // base64 of API_KEY:<key>, unpadded prefix
			for _, s := range []string{err.Error(), e.Message, e.Hint, string(e.Body)} {
				if strings.Contains(s, testKey) || strings.Contains(s, basic) {
					t.Errorf("a credential leaked into the error: %q", s)
				}
			}
			if !strings.Contains(e.Message, "[redacted]") {
				t.Errorf("Message = %q, want the echoed credentials replaced by [redacted]", e.Message)
			}
		})
	}
}
