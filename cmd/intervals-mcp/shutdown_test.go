package main

import (
	"bufio"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestHTTPServerStopsOnSignal sends SIGTERM, then SIGINT, to an HTTP server that a client
// holds an SSE stream open on: it must stop by itself and exit 0 (killed by the signal, it
// would exit -1).
func TestHTTPServerStopsOnSignal(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			addr := freeAddr(t)
			base, cmd := startListening(t, addr, nil, "serve", "--transport", "http", "--addr", addr, "--demo")
			resp, err := http.Get(base + "/sse")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if line, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil || line != "event: endpoint\n" {
				t.Fatalf("first line of the stream: %q %v", line, err)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			exited := make(chan *os.ProcessState, 1)
			go func() { st, _ := cmd.Process.Wait(); exited <- st }()
			select {
			case st := <-exited:
				if st == nil || st.ExitCode() != 0 {
					t.Errorf("after %v: %v, want exit status 0", sig, st)
				}
			case <-time.After(30 * time.Second):
				t.Fatalf("still running 30 s after %v", sig)
			}
		})
	}
}
