package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// TestFakeServesTheAPI runs "intervals-mcp fake" on a free port with a fault, then points
// "intervals-mcp call" at it as at Intervals.icu.
func TestFakeServesTheAPI(t *testing.T) {
	base := startFake(t, "--api-key", "fake-key-123", "--seed", "7", "--fault", "503:count=1,op=listEvents")
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

// startFake runs "intervals-mcp fake" with args and returns its API base URL.
func startFake(t *testing.T, args ...string) string {
	t.Helper()
	cmd := command(t, nil, append([]string{"fake", "--addr", freeAddr(t)}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	url, _, _ := strings.Cut(strings.TrimPrefix(line, "fake Intervals.icu at "), " ")
	if err != nil || !strings.HasPrefix(url, "http://") {
		t.Fatalf("fake: %q %v", line, err)
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return url
}
