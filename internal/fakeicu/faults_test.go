package fakeicu

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func mustParse(t *testing.T, s string) Fault {
	t.Helper()
	ft, err := ParseFault(s)
	if err != nil {
		t.Fatalf("ParseFault(%q): %v", s, err)
	}
	return ft
}

func TestParseFault(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Fault
	}{
		{"429:count=2,retry-after=1", Fault{Kind: FaultStatus, Status: 429, Count: 2, RetryAfter: time.Second}},
		{"503:count=3,method=get", Fault{Kind: FaultStatus, Status: 503, Count: 3, Method: "GET"}},
		{"drop:path=/api/v1/athlete", Fault{Kind: FaultDrop, PathPrefix: "/api/v1/athlete"}},
		{"latency:200ms", Fault{Kind: FaultLatency, Delay: 200 * time.Millisecond}},
		{"latency:delay=1s,op=listEvents", Fault{Kind: FaultLatency, Delay: time.Second, Operation: "listEvents"}},
		{"latency:300ms,writes,finish", Fault{Kind: FaultLatency, Delay: 300 * time.Millisecond, Writes: true, Finish: true}},
		{"badjson", Fault{Kind: FaultBadJSON}},
		{"extrafield:op=getAthlete", Fault{Kind: FaultExtraField, Operation: "getAthlete"}},
		{"401", Fault{Kind: FaultStatus, Status: 401}},
		{"500:writes,skip=2,count=1", Fault{Kind: FaultStatus, Status: 500, Writes: true, Skip: 2, Count: 1}},
		{"429:retry-after=1500ms", Fault{Kind: FaultStatus, Status: 429, RetryAfter: 1500 * time.Millisecond}},
	} {
		got := mustParse(t, tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseFault(%q) (-want +got):\n%s", tc.in, diff)
		}
		if again := mustParse(t, got.String()); !cmp.Equal(again, got) {
			t.Errorf("ParseFault(%q.String() = %q) = %+v, want %+v", tc.in, got.String(), again, got)
		}
	}
	for _, bad := range []string{"", "teapot", "200", "latency", "latency:fast", "429:count=-1", "429:colour=red", "503:retry-after=soon"} {
		if _, err := ParseFault(bad); err == nil {
			t.Errorf("ParseFault(%q) accepted", bad)
		}
	}
}

func TestStatusFaultsCountAndFilter(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "429:count=2,retry-after=1")}})
	req := func() *http.Response {
		r, _ := http.NewRequest("GET", "http://fake/api/v1/athlete/0", nil)
		r.SetBasicAuth("API_KEY", DefaultAPIKey)
		resp, err := f.Transport().RoundTrip(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for i, want := range []int{429, 429, 200} {
		resp := req()
		if resp.StatusCode != want {
			t.Fatalf("request %d = %d, want %d", i+1, resp.StatusCode, want)
		}
		if want == 429 && resp.Header.Get("Retry-After") != "1" {
			t.Errorf("429 without Retry-After: %v", resp.Header)
		}
	}
	f.Inject(mustParse(t, "429"))
	if resp := req(); resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "" {
		t.Errorf("429 without retry-after = %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	f.ClearFaults()
	if resp := req(); resp.StatusCode != 200 {
		t.Errorf("after ClearFaults = %d", resp.StatusCode)
	}

	f.Inject(mustParse(t, "503:count=3,method=GET"), mustParse(t, "401:op=createEvent"))
	mustStatus(t, f, 200, "PUT", "/api/v1/athlete/0/wellness/2026-03-11", `{"weight":70}`)
	for range 3 {
		mustError(t, f, 503, "GET", "/api/v1/athlete/0", "")
	}
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0", "")
	mustError(t, f, 401, "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","start_date_local":"2026-03-12"}`)
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events/bulk", `[]`)
}

func TestFaultHitsTheThirdWrite(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "500:writes,skip=2,count=1")}})
	body := `{"category":"NOTE","start_date_local":"2026-03-12"}`
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0", "")
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", body)
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", body)
	mustError(t, f, 500, "POST", "/api/v1/athlete/0/events", body)
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", body)
	if n := len(f.Writes()); n != 3 {
		t.Errorf("%d writes logged, want 3 (the failed one did not happen)", n)
	}
}

func TestPathFaultLeavesOtherPaths(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "502:path=/api/v1/athlete/0/events/bulk,count=2")}})
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/events", "")
	mustError(t, f, 502, "POST", "/api/v1/athlete/0/events/bulk", `[]`)
	mustError(t, f, 502, "POST", "/api/v1/athlete/0/events/bulk", `[]`)
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events/bulk", `[]`)
}

func TestLatencyFaultDelaysUntilTheContextEnds(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "latency:1h")}})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	r, _ := http.NewRequestWithContext(ctx, "GET", "http://fake/api/v1/athlete/0", nil)
	r.SetBasicAuth("API_KEY", DefaultAPIKey)
	if _, err := f.Transport().RoundTrip(r); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("request under a 1h latency with a 20ms deadline: %v, want deadline exceeded", err)
	}
	f.ClearFaults()
	mustStatus(t, f, 200, "GET", "/api/v1/athlete/0", "")
}

func TestExtraFieldFault(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "extrafield:count=2")}})
	_, body := call(t, f, "GET", "/api/v1/athlete/0", "")
	var obj map[string]any
	if err := json.Unmarshal([]byte(body), &obj); err != nil || obj[ExtraField] != "extra" || obj["id"] == nil {
		t.Errorf("object answer: %v %.200s", err, body)
	}
	_, body = call(t, f, "GET", "/api/v1/athlete/0/events", "")
	var list []map[string]any
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list) == 0 || list[0][ExtraField] != "extra" || list[len(list)-1][ExtraField] != "extra" {
		t.Errorf("array answer: %v %.200s", err, body)
	}
	_, body = call(t, f, "GET", "/api/v1/athlete/0", "")
	if strings.Contains(body, ExtraField) {
		t.Errorf("after the fault: %.200s", body)
	}
}

func TestBadJSONFault(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "badjson:count=1")}})
	status, body := call(t, f, "GET", "/api/v1/athlete/0/events", "")
	var v any
	if status != 200 || json.Unmarshal([]byte(body), &v) == nil {
		t.Errorf("badjson = %d %q, want 200 with a body that is not JSON", status, body)
	}
	status, body = call(t, f, "GET", "/api/v1/athlete/0/events", "")
	if status != 200 || json.Unmarshal([]byte(body), &v) != nil {
		t.Errorf("after the fault: %d %q", status, body)
	}
}

func TestDropFaultOverTransportAndNetwork(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "drop:count=2,method=POST")}})
	r, _ := http.NewRequest("POST", "http://fake/api/v1/athlete/0/events", jsonBody(`{"category":"NOTE","start_date_local":"2026-03-12"}`))
	r.SetBasicAuth("API_KEY", DefaultAPIKey)
	resp, err := f.Transport().RoundTrip(r)
	if err != nil {
		t.Fatalf("headers should arrive before the drop: %v", err)
	}
	b, err := io.ReadAll(resp.Body)
	if !errors.Is(err, io.ErrUnexpectedEOF) || len(b) == 0 || int64(len(b)) >= resp.ContentLength {
		t.Errorf("transport drop: read %d of %d bytes, err %v; want part of the body, then io.ErrUnexpectedEOF", len(b), resp.ContentLength, err)
	}

	srv := httptest.NewServer(f.Handler())
	defer srv.Close()
	r, _ = http.NewRequest("POST", srv.URL+"/api/v1/athlete/0/events", jsonBody(`{"category":"NOTE","start_date_local":"2026-03-13"}`))
	r.SetBasicAuth("API_KEY", DefaultAPIKey)
	resp, err = srv.Client().Do(r)
	if err == nil {
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if err == nil {
		t.Errorf("network drop: the whole answer arrived")
	}
	if n := len(f.Writes()); n != 2 {
		t.Errorf("%d writes logged, want 2: the server did the writes the client never saw answered", n)
	}
}

func TestDropFaultCutsAnEmptyAnswerToo(t *testing.T) {
	f := newTestFake(t, Options{Faults: []Fault{mustParse(t, "drop:op=deleteCustomItem")}})
	resp, err := f.Transport().RoundTrip(mustRequest("DELETE", "/api/v1/athlete/0/custom-item/31", ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(resp.Body); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("dropped empty answer: read error %v, want io.ErrUnexpectedEOF", err)
	}
}

func TestLatenciesAddUpAndLeaveTheOtherFault(t *testing.T) {
	var s faultSet
	s.add(mustParse(t, "latency:30ms"), mustParse(t, "503:count=1"), mustParse(t, "latency:20ms,method=GET"), mustParse(t, "500"))
	delay, hit, _ := s.take("GET", "/api/v1/athlete/0", "getAthlete")
	if delay != 50*time.Millisecond || hit == nil || hit.Status != 503 {
		t.Errorf("take = %v, %v; want the two latencies added (50ms) and the first status fault, 503", delay, hit)
	}
	delay, hit, _ = s.take("POST", "/api/v1/athlete/0/events", "createEvent")
	if delay != 30*time.Millisecond || hit == nil || hit.Status != 500 {
		t.Errorf("take after the 503 was used up = %v, %v; want 30ms (the GET latency does not match) and 500", delay, hit)
	}
}
