package fakeicu

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

func TestRouterMatchesGluedAndLiteralSegments(t *testing.T) {
	rt := &router{now: func() time.Time { return testNow }}
	var got string
	handle := func(name string, params ...string) func(http.ResponseWriter, *http.Request) {
		return func(w http.ResponseWriter, r *http.Request) {
			got = name
			for _, p := range params {
				got += " " + p + "=" + param(r.PathValue(p))
			}
		}
	}
	rt.HandleFunc("GET /api/v1/athlete/{id}/events{format}", handle("list", "id", "format"))
	rt.HandleFunc("POST /api/v1/athlete/{id}/events/bulk", handle("bulk", "id"))
	rt.HandleFunc("GET /api/v1/athlete/{id}/events/{eventId}", handle("show", "id", "eventId"))
	rt.HandleFunc("DELETE /api/v1/athlete/{id}/events", handle("delete", "id"))
	rt.HandleFunc("GET /api/v1/activity/{id}/streams{ext}", handle("streams", "id", "ext"))
	rt.HandleFunc("GET /api/v1/athlete/{id}/activities/{ids}", handle("ids", "id", "ids"))
	rt.HandleFunc("GET /api/v1/athlete/{id}/activities/search", handle("search", "id"))
	rt.HandleFunc("GET /api/v1/athlete/{id}/gear{ext}", handle("gear", "id", "ext"))

	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/api/v1/athlete/0/events", "list id=0 format="},
		{"GET", "/api/v1/athlete/0/events.json", "list id=0 format=.json"},
		{"DELETE", "/api/v1/athlete/0/events", "delete id=0"},
		{"POST", "/api/v1/athlete/0/events/bulk", "bulk id=0"},
		{"GET", "/api/v1/athlete/i1/events/42", "show id=i1 eventId=42"},
		{"GET", "/api/v1/activity/i7/streams", "streams id=i7 ext="},
		{"GET", "/api/v1/activity/i7/streams.csv", "streams id=i7 ext=.csv"},
		{"GET", "/api/v1/athlete/0/activities/search", "search id=0"},
		{"GET", "/api/v1/athlete/0/activities/i1,i2", "ids id=0 ids=i1,i2"},
		{"GET", "/api/v1/athlete/0/gear", "gear id=0 ext="},
		{"GET", "/api/v1/athlete/a%20b/gear.json", "gear id=a b ext=.json"},
	} {
		got = ""
		w := httptest.NewRecorder()
		rt.ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, nil))
		if got != tc.want {
			t.Errorf("%s %s routed to %q (status %d), want %q", tc.method, tc.path, got, w.Code, tc.want)
		}
	}
}

func TestRouterAnswers404And405LikeSpring(t *testing.T) {
	rt := &router{now: func() time.Time { return testNow }}
	rt.HandleFunc("GET /api/v1/athlete/{id}", func(http.ResponseWriter, *http.Request) {})
	for _, tc := range []struct {
		method, path string
		want         int
		error        string
	}{
		{"GET", "/api/v1/athlete/", http.StatusNotFound, "Not Found"}, // a whole-segment parameter is never empty
		{"GET", "/api/v1/athlete-profile", http.StatusNotFound, "Not Found"},
		{"DELETE", "/api/v1/athlete/0", http.StatusMethodNotAllowed, "Method Not Allowed"},
	} {
		w := httptest.NewRecorder()
		rt.ServeHTTP(w, httptest.NewRequest(tc.method, tc.path, nil))
		want := `{"timestamp":"2026-03-10T22:00:00.000+00:00","status":` + strconv.Itoa(tc.want) + `,"error":"` + tc.error + `","path":"` + tc.path + `"}`
		if w.Code != tc.want || w.Body.String() != want {
			t.Errorf("%s %s = %d %s, want %d %s", tc.method, tc.path, w.Code, w.Body, tc.want, want)
		}
	}
}
