package fakeicu

import (
	"net/http"
	"strings"
	"testing"
)

func TestValidationErrorsLikeTheAPI(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		mention                  string // the error message must name this
	}{
		{"bad oldest", "GET", "/api/v1/athlete/0/events?oldest=2026-13-45", "", 422, "oldest"},
		{"bad newest", "GET", "/api/v1/athlete/0/activities?oldest=2026-01-01&newest=tomorrow", "", 422, "newest"},
		{"activities without oldest", "GET", "/api/v1/athlete/0/activities", "", 422, "oldest"},
		{"unknown category", "GET", "/api/v1/athlete/0/events?category=RACE_Z", "", 422, "RACE_Z"},
		{"bad wellness date", "GET", "/api/v1/athlete/0/wellness/2026-02-30", "", 422, "2026-02-30"},
		{"event without category", "POST", "/api/v1/athlete/0/events", `{"start_date_local":"2026-03-12","name":"x"}`, 422, "category"},
		{"event with unknown category", "POST", "/api/v1/athlete/0/events", `{"category":"TRAINING","start_date_local":"2026-03-12"}`, 422, "TRAINING"},
		{"event without date", "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","name":"x"}`, 422, "start_date_local"},
		{"event with bad date", "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","start_date_local":"12/03/2026"}`, 422, "start_date_local"},
		{"bulk with one bad event", "POST", "/api/v1/athlete/0/events/bulk", `[{"category":"NOTE","start_date_local":"2026-03-12"},{"category":"NOTE"}]`, 422, "start_date_local"},
		{"update to a bad category", "PUT", "/api/v1/athlete/0/events/13", `{"category":"NOPE"}`, 422, "NOPE"},
		{"range delete without category", "DELETE", "/api/v1/athlete/0/events?oldest=2026-03-01", "", 422, "category"},
		{"range delete without oldest", "DELETE", "/api/v1/athlete/0/events?category=WORKOUT", "", 422, "oldest"},
		{"workout without name", "POST", "/api/v1/athlete/0/workouts", `{"folder_id":41}`, 422, "name"},
		{"custom item of unknown type", "POST", "/api/v1/athlete/0/custom-item", `{"name":"x","type":"GRAPH"}`, 422, "GRAPH"},
		{"custom item updated to an unknown type", "PUT", "/api/v1/athlete/0/custom-item/31", `{"type":"GRAPH"}`, 422, "GRAPH"},
		{"custom item updated with a name that is no string", "PUT", "/api/v1/athlete/0/custom-item/31", `{"name":5}`, 422, "Invalid custom item"},
		{"wellness without id", "PUT", "/api/v1/athlete/0/wellness", `{"weight":70}`, 422, "id"},
		{"unknown curve", "GET", "/api/v1/athlete/0/power-curves?type=Ride&curves=forever", "", 422, "forever"},
		{"broken JSON", "POST", "/api/v1/athlete/0/events", `{"category":`, 400, "JSON parse error"},
		{"JSON of the wrong shape", "POST", "/api/v1/athlete/0/events/bulk", `{"category":"NOTE"}`, 400, "JSON parse error"},
		{"empty body", "PUT", "/api/v1/athlete/0/events/13", ``, 400, "body"},
		{"event id not a number", "GET", "/api/v1/athlete/0/events/abc", "", 500, "MethodArgumentTypeMismatchException"},
		{"unknown event", "GET", "/api/v1/athlete/0/events/99999", "", 404, "99999"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := mustError(t, f, tc.status, tc.method, tc.path, tc.body)
			if !strings.Contains(msg, tc.mention) {
				t.Errorf("error %q does not mention %q", msg, tc.mention)
			}
		})
	}
	if len(f.Writes()) != 0 || len(f.Events("0")) != 7 {
		t.Errorf("rejected writes changed data: %d writes, %d events", len(f.Writes()), len(f.Events("0")))
	}
}

func TestUnmappedPathsAnswerSpringBody(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/v1/athlete/0/event", 404}, // the singular path of errors.json
		{"GET", "/api/v1/athlete-profile", 404},
		{"PATCH", "/api/v1/athlete/0/events/13", 405},
	} {
		body := mustStatus(t, f, tc.status, tc.method, tc.path, "")
		e := decode[springError](t, body)
		if e.Status != tc.status || e.Path != tc.path || e.Timestamp.IsZero() || e.Error == "" {
			t.Errorf("%s %s = %s, want Spring's {timestamp,status,error,path}", tc.method, tc.path, body)
		}
	}
}

func TestUnimplementedOperationsAnswer501(t *testing.T) {
	f := newTestFake(t, Options{})
	msg := mustError(t, f, 501, "GET", "/api/v1/athlete/0/routes", "")
	if !strings.Contains(msg, "listAthleteRoutes") || !strings.Contains(msg, "does not implement") {
		t.Errorf("501 message %q should name the operation", msg)
	}
	mustError(t, f, 501, "GET", "/api/v1/athlete/0/events.csv", "")
}

func TestEveryOperationIsRoutedAndNoneCrashes(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, tc := range routesOfSpec() {
		t.Run(tc.op, func(t *testing.T) {
			status, body := call(t, f, tc.method, tc.path, "")
			switch {
			case status == 404 && strings.Contains(body, `"path"`):
				t.Errorf("%s %s is not routed: %s", tc.method, tc.path, body)
			case status == 405:
				t.Errorf("%s %s: 405", tc.method, tc.path)
			case status >= 500 && status != 501 && !strings.Contains(body, "MethodArgumentTypeMismatchException"):
				t.Errorf("%s %s = %d %s", tc.method, tc.path, status, body)
			case !implemented[tc.op] && status != 501:
				t.Errorf("%s %s (%s, not implemented) = %d, want 501", tc.method, tc.path, tc.op, status)
			}
		})
	}
}

func TestParamsTheSpecRequiresButTheAPIDefaults(t *testing.T) {
	f := newTestFake(t, Options{})
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events/bulk", `[{"category":"NOTE","start_date_local":"2026-03-12"}]`)
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","start_date_local":"2026-03-12"}`)
	mustStatus(t, f, 200, "PUT", "/api/v1/athlete/0/sport-settings/501", `{"ftp":251}`)
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/power-curves?type=Ride", "")
	if msg := mustError(t, f, 422, "GET", "/api/v1/athlete/0/power-curves", ""); !strings.Contains(msg, "type") {
		t.Errorf("power curves without type: %q, want the missing parameter named", msg)
	}
}

func TestHandlerPanicIsA500(t *testing.T) {
	f := newTestFake(t, Options{})
	f.routes().HandleFunc("GET /api/v1/panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	if msg := mustError(t, f, 500, "GET", "/api/v1/panic", ""); !strings.Contains(msg, "boom") {
		t.Errorf("panic answered %q", msg)
	}
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0", "")
}

func TestGluedExtensions(t *testing.T) {
	f := newTestFake(t, Options{})
	_, plain := call(t, f, "GET", "/api/v1/athlete/0/gear", "")
	if body := mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/gear.json", ""); body != plain {
		t.Errorf("gear.json = %s, want the same as gear: %s", body, plain)
	}
	if msg := mustError(t, f, 404, "GET", "/api/v1/athlete/0/gear.xml", ""); !strings.Contains(msg, ".xml") {
		t.Errorf("gear.xml: %q, want the unknown format named", msg)
	}
}
