package fakeicu

import (
	"net/http"
	"strings"
	"testing"
)

func authRequest(t *testing.T, path string, set func(*http.Request)) *http.Request {
	t.Helper()
	req, err := http.NewRequest("GET", "http://fake"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	set(req)
	return req
}

func TestAuthLikeIntervalsICU(t *testing.T) {
	f := newTestFake(t, Options{BearerToken: "oauth-token"})
	for _, tc := range []struct {
		name string
		set  func(*http.Request)
		want int
		body string
	}{
		{"basic with the key", func(r *http.Request) { r.SetBasicAuth("API_KEY", DefaultAPIKey) }, 200, ""},
		{"basic with a wrong key", func(r *http.Request) { r.SetBasicAuth("API_KEY", "nope") }, 401, `{"status":401,"error":"Unauthorized"}`},
		{"basic with another user", func(r *http.Request) { r.SetBasicAuth("athlete", DefaultAPIKey) }, 401, ""},
		{"no credential", func(r *http.Request) {}, 401, ""},
		{"key as bearer", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+DefaultAPIKey) }, 403, `{"status":403,"error":"Access denied"}`},
		{"oauth token", func(r *http.Request) { r.Header.Set("Authorization", "Bearer oauth-token") }, 200, ""},
		{"unknown bearer", func(r *http.Request) { r.Header.Set("Authorization", "Bearer other") }, 401, ""},
		{"bad base64", func(r *http.Request) { r.Header.Set("Authorization", "Basic %%%") }, 500, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, body := send(t, f, authRequest(t, "/api/v1/athlete/0", tc.set))
			if got != tc.want || (tc.body != "" && body != tc.body) {
				t.Errorf("= %d %s, want %d %s", got, body, tc.want, tc.body)
			}
			if strings.Contains(body, DefaultAPIKey) {
				t.Errorf("the answer contains the key: %s", body)
			}
		})
	}
}

func TestAuthConfiguredKeyReplacesDefault(t *testing.T) {
	f := newTestFake(t, Options{APIKey: "my-key"})
	if got, _ := send(t, f, authRequest(t, "/api/v1/athlete/0", func(r *http.Request) { r.SetBasicAuth("API_KEY", DefaultAPIKey) })); got != 401 {
		t.Errorf("default key with APIKey set = %d, want 401", got)
	}
	if got, _ := send(t, f, authRequest(t, "/api/v1/athlete/0", func(r *http.Request) { r.SetBasicAuth("API_KEY", "my-key") })); got != 200 {
		t.Errorf("configured key = %d, want 200", got)
	}
}

func TestCoachReadsCoachedAthletesOnly(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, id := range []string{"0", DemoAthleteID, "i100002"} {
		mustStatus(t, f, 200, "GET", "/api/v1/athlete/"+id+"/events?oldest=2026-03-01&newest=2026-03-31", "")
	}
	if msg := mustError(t, f, 403, "GET", "/api/v1/athlete/i999999/events", ""); msg != "Access denied" {
		t.Errorf("other athlete: error %q, want Access denied", msg)
	}
	body := mustStatus(t, f, 200, "GET", "/api/v1/athletes", "")
	if !strings.Contains(body, `"i100002"`) || strings.Contains(body, DemoAthleteID) {
		t.Errorf("GET /athletes = %s, want the coached athlete only", body)
	}
}
