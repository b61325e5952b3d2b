package main

import (
	"bufio"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestFakeServesTheAPI runs "intervals-mcp fake" on a free port with a fault, then points
// "intervals-mcp call" at it as at Intervals.icu.
func TestFakeServesTheAPI(t *testing.T) {
	cmd := command(t, nil, "fake", "--addr", "127.0.0.1:0", "--api-key", "fake-key-123", "--seed", "7", "--fault", "503:count=1,op=listEvents")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := regexp.MustCompile(`http://\S+/api/v1`).FindString(sc.Text()); m != "" {
				urls <- m
			}
		}
	}()
	var base string
	select {
	case base = <-urls:
	case <-time.After(20 * time.Second):
		t.Fatal("the fake did not print its URL")
	}
	env := []string{"API_KEY=fake-key-123", "INTERVALS_API_BASE_URL=" + base}
	// The first listEvents answers 503 (the client retries it), then the calendar comes back.
	if r := runBin(t, env, "call", "get_events"); r.code != 0 || !strings.Contains(r.stdout, "events") {
		t.Errorf("get_events through the fake: %+v", r)
	}
	if r := runBin(t, []string{"API_KEY=other", "INTERVALS_API_BASE_URL=" + base}, "call", "get_events"); r.code != 1 || !strings.Contains(r.stderr, "401") {
		t.Errorf("a wrong key: %+v", r)
	}
	if r := runBin(t, nil, "fake", "--fault", "nonsense"); r.code != 2 || !strings.Contains(r.stderr, "fault") {
		t.Errorf("bad fault: %+v", r)
	}
}
