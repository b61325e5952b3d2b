package fakeicu

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestTransportStreamsAndStopsOnCancel(t *testing.T) {
	f := newTestFake(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://fake/api/v1/activity/i9001/streams", nil)
	req.SetBasicAuth("API_KEY", DefaultAPIKey)
	resp, err := f.Transport().RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || resp.ContentLength <= 0 || resp.Header.Get("Content-Type") != "application/json" || resp.Request != req {
		t.Fatalf("response = %d, length %d, type %q", resp.StatusCode, resp.ContentLength, resp.Header.Get("Content-Type"))
	}
	first := make([]byte, 10)
	if _, err := io.ReadFull(resp.Body, first); err != nil || !bytes.HasPrefix(first, []byte(`[{`)) {
		t.Fatalf("first bytes %q, %v", first, err)
	}
	cancel()
	resp.Body.Close()
	if _, err := resp.Body.Read(first); err == nil {
		t.Errorf("reading a closed body succeeded")
	}

	// The next request is served normally: nothing was left holding the store.
	mustStatus(t, f, 200, "PUT", "/api/v1/athlete/0/wellness/2026-03-11", `{"weight":70}`)
}

func TestTransportAndHandlerAnswerAlike(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	r, err := c.ListEventsWithResponse(ctx, "0", "", nil)
	mustOK(t, "listEvents", err)
	_, body := call(t, f, "GET", "/api/v1/athlete/0/events", "")
	if body != string(r.Body) {
		t.Errorf("transport and HTTP answers differ:\n%s\n%s", body, r.Body)
	}
}

func TestWorldAndEventsAreCopies(t *testing.T) {
	f := newTestFake(t, Options{})
	w := f.World()
	w.Athletes[0].Events = nil
	*w.Athletes[0].Profile.Name = "changed"
	events := f.Events("0")
	events[0].Name = ptr("changed")
	if got := f.Events(DemoAthleteID); len(got) != 7 || deref(got[0].Name) == "changed" {
		t.Errorf("changing the copies changed the fake: %d events, first %q", len(got), deref(got[0].Name))
	}
	if body := mustStatus(t, f, 200, "GET", "/api/v1/athlete/0", ""); strings.Contains(body, "changed") {
		t.Errorf("profile changed through World(): %s", body)
	}
	if f.Events("i404") != nil {
		t.Errorf("Events of an unknown athlete should be nil")
	}
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","start_date_local":"2026-03-12"}`)
	if len(f.Writes()) != 1 {
		t.Fatalf("writes = %v", f.Writes())
	}
	f.ResetWrites()
	if len(f.Writes()) != 0 {
		t.Errorf("ResetWrites left %v", f.Writes())
	}
}
