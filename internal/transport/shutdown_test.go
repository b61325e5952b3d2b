package transport

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"
)

// TestServeEndsOpenStreamsOnShutdown cancels Serve while a client holds a legacy SSE stream
// open: Serve must return and the stream must be closed, not left hanging on a server that
// no longer answers.
func TestServeEndsOpenStreamsOnShutdown(t *testing.T) {
	srv := testServer(t)
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, HTTPOptions{Server: srv, Logger: slog.New(slog.DiscardHandler)}) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body := bufio.NewReader(resp.Body)
	if line, err := body.ReadString('\n'); err != nil || line != "event: endpoint\n" {
		t.Fatalf("first line of the stream: %q %v", line, err)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve after shutdown: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	ended := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, body); ended <- err }()
	select {
	case <-ended:
	case <-time.After(30 * time.Second):
		t.Fatal("the SSE stream is still open after Serve returned")
	}
}
