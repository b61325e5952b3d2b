package fakeicu

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"
)

func TestServePrintsBaseURLAndServesUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, "127.0.0.1:0", Options{World: testWorld(), Now: func() time.Time { return testNow }}, pw)
	}()
	lines := bufio.NewReader(pr)
	line, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`^fake Intervals\.icu at (http://127\.0\.0\.1:\d+)/api/v1 \(API key: intervals-demo-key, athlete i100001\)\n$`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("Serve printed %q", line)
	}
	oauth, err := lines.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if want := "OAuth sign-in at " + m[1] + "/oauth/authorize, code exchange at " + m[1] + "/api/oauth/token (client_id " +
		DemoOAuthClientID + ", client_secret " + DemoOAuthClientSecret + ")\n"; oauth != want {
		t.Errorf("Serve's OAuth line %q, want %q", oauth, want)
	}
	page, err := http.Get(m[1] + "/oauth/authorize?client_id=" + DemoOAuthClientID + "&redirect_uri=http://localhost/&scope=ACTIVITY:READ")
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != 200 {
		t.Errorf("GET the approve page = %d", page.StatusCode)
	}
	req, _ := http.NewRequest("GET", m[1]+"/api/v1/athlete/0", nil)
	req.SetBasicAuth("API_KEY", DefaultAPIKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET athlete = %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after cancel: %v", err)
	}
}

func TestServeReportsABusyAddress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	go func() { _ = Serve(ctx, "127.0.0.1:0", Options{World: testWorld()}, pw) }()
	line, _ := bufio.NewReader(pr).ReadString('\n')
	addr := regexp.MustCompile(`127\.0\.0\.1:\d+`).FindString(line)
	err := Serve(context.Background(), addr, Options{World: testWorld()}, io.Discard)
	if err == nil || !regexp.MustCompile(`listen on .*--addr`).MatchString(err.Error()) {
		t.Errorf("second Serve on %s: %v, want a listen error saying to choose another --addr", addr, err)
	}
}
