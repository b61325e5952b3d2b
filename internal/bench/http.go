package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Latency is what HTTPLatency measures.
type Latency struct {
	Clients     int
	Replicas    int // servers the clients were spread over, sharing one store
	CallsPerSec float64
	P50, P99    time.Duration
	Failures    int
}

// process is a server the benchmark started, with the data directory of its store.
type process struct {
	cmd *exec.Cmd
	dir string
}

func (p *process) stop() {
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
	if p.dir != "" {
		_ = os.RemoveAll(p.dir)
	}
}

// freeAddr is a loopback address with a port free at the moment.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// StartFake runs "bin fake" with the given faults (such as latency:80ms) and returns the
// base URL of its API.
func StartFake(bin string, faults ...string) (url string, stop func(), err error) {
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	args := []string{"fake", "--addr", addr}
	for _, f := range faults {
		args = append(args, "--fault", f)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	p := &process{cmd: cmd}
	line, err := bufio.NewReader(out).ReadString('\n')
	url, _, _ = strings.Cut(strings.TrimPrefix(line, "fake Intervals.icu at "), " ")
	if err != nil || !strings.HasPrefix(url, "http://") {
		p.stop()
		return "", nil, fmt.Errorf("fake did not start: %q %v", line, err)
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return url, p.stop, nil
}

// serveHTTP runs "bin serve --transport http" against upstream (the fake's URL; "" means
// --demo) with extra flags, and returns its address.
func serveHTTP(bin, upstream string, extra ...string) (string, *process, error) {
	dir, err := os.MkdirTemp("", "intervals-mcp-bench-")
	if err != nil {
		return "", nil, err
	}
	addr, p, err := serveHTTPIn(bin, upstream, dir, extra...)
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	p.dir = dir
	return addr, p, nil
}

// serveHTTPIn is serveHTTP with its store in dir, which replicas share (an SQLite file in
// WAL mode serves several processes of one machine); the caller removes dir.
func serveHTTPIn(bin, upstream, dir string, extra ...string) (string, *process, error) {
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	args := []string{"serve", "--transport", "http", "--addr", addr, "--log-level", "error"}
	// The HTTP server keeps its store in a data directory: a fresh one, so that no run sees
	// another's and nothing is left in the user's config directory.
	env := []string{"PATH=" + os.Getenv("PATH"), "INTERVALS_MCP_DATA_DIR=" + dir}
	if upstream == "" {
		args = append(args, "--demo")
	} else {
		args = append(args, "--base-url", upstream)
		env = append(env, "API_KEY="+fakeicu.DefaultAPIKey)
	}
	cmd := exec.Command(bin, append(args, extra...)...)
	cmd.Env = env
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	p := &process{cmd: cmd}
	if err := waitListening(addr, 10*time.Second); err != nil {
		p.stop()
		return "", nil, err
	}
	return addr, p, nil
}

// HTTPLatency serves the binary over stateless Streamable HTTP against upstream (the fake's
// URL; "" means --demo) and calls tool with args from `clients` go-sdk clients (2026-07-28)
// for d: calls per second and the p50 and p99 latency of one call.
func HTTPLatency(bin, upstream, tool string, args map[string]any, clients, replicas int, d time.Duration) (Latency, error) {
	dir, err := os.MkdirTemp("", "intervals-mcp-bench-")
	if err != nil {
		return Latency{}, err
	}
	defer os.RemoveAll(dir)
	var addrs []string
	for range max(replicas, 1) {
		addr, p, err := serveHTTPIn(bin, upstream, dir)
		if err != nil {
			return Latency{}, err
		}
		defer p.stop()
		addrs = append(addrs, addr)
	}
	ctx := context.Background()
	var mu sync.Mutex
	var took []time.Duration
	failures := 0
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	deadline := time.Now().Add(d)
	start := time.Now()
	for i := range clients {
		addr := addrs[i%len(addrs)] // the clients spread over the replicas
		wg.Go(func() {
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: "http://" + addr + "/mcp"}, nil)
			if err != nil {
				errs <- err
				return
			}
			defer cs.Close()
			for time.Now().Before(deadline) {
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
				dt := time.Since(t0)
				mu.Lock()
				if err != nil || res.IsError {
					failures++
				} else {
					took = append(took, dt)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return Latency{}, err
	}
	if len(took) == 0 {
		return Latency{}, fmt.Errorf("%s: no successful call (%d failures)", tool, failures)
	}
	slices.Sort(took)
	q := func(f float64) time.Duration { return took[min(len(took)-1, int(f*float64(len(took))))] }
	return Latency{Clients: clients, Replicas: len(addrs), CallsPerSec: float64(len(took)) / elapsed.Seconds(), P50: q(0.50), P99: q(0.99), Failures: failures}, nil
}

// SessionMemory is what AbandonedSessions measures: the server's RSS in kB.
type SessionMemory struct {
	Sessions   int
	Before     int
	Open       [2]int // with the sessions of wave 1 and 2 open
	Expired    [2]int // once they have expired
	Initialize int    // after n initialize requests on the stateless /mcp
}

// AbandonedSessions opens n legacy SSE sessions on the binary and abandons them (the
// connections stay open, no message is sent), and measures the server's RSS with them open
// and once they have expired (idle timeout `idle`); twice. Go keeps the memory of freed
// sessions for reuse rather than returning it at once, so the second wave is the test of a
// leak: expired sessions that were not freed would add up. Last it sends n initialize
// requests to the stateless /mcp, never followed.
func AbandonedSessions(bin string, n int, idle time.Duration) (SessionMemory, error) {
	addr, p, err := serveHTTP(bin, "", "--sse-max-sessions", fmt.Sprint(n+10), "--sse-idle-timeout", idle.String())
	if err != nil {
		return SessionMemory{}, err
	}
	defer p.stop()
	m := SessionMemory{Sessions: n}
	settle := func() (int, error) { time.Sleep(time.Second); return rssKB(p.cmd.Process.Pid) }
	if m.Before, err = settle(); err != nil {
		return m, err
	}
	for wave := range 2 {
		conns, err := openSSE(addr, n)
		if err == nil {
			m.Open[wave], err = settle()
		}
		if err == nil {
			time.Sleep(idle + time.Second)
			m.Expired[wave], err = settle()
		}
		for _, c := range conns {
			c.Close()
		}
		if err != nil {
			return m, err
		}
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`
	for i := range n {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/mcp", strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := client.Do(req)
		if err != nil {
			return m, fmt.Errorf("initialize %d: %w", i, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	m.Initialize, err = settle()
	return m, err
}

// openSSE opens n event streams on addr and reads each one's response header.
func openSSE(addr string, n int) ([]net.Conn, error) {
	conns := make([]net.Conn, 0, n)
	for i := range n {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return conns, fmt.Errorf("session %d: %w", i, err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, "GET /sse HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); err != nil {
			return conns, err
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != http.StatusOK {
			return conns, fmt.Errorf("session %d: %v %v", i, resp, err)
		}
	}
	return conns, nil
}

func rssKB(pid int) (int, error) { return statusKB(pid, "VmRSS") }

// SessionHeap is what ExpiredSessionHeap measures, in bytes of live Go heap after a
// collection.
type SessionHeap struct {
	Sessions int
	Before   uint64
	Open     [2]uint64 // with the sessions of wave 1 and 2 open
	Expired  [2]uint64 // once they have expired
}

// ExpiredSessionHeap serves the catalog in this process with the given SSE idle timeout,
// opens n SSE sessions and abandons them, and reads the live heap (after a collection)
// before, with them open, and once they have expired and their connections are closed;
// twice. It is the cost of expired sessions that RSS cannot show (Go keeps freed memory for
// reuse); what stays after the first wave (the runtime keeps the goroutines' descriptors
// for reuse) must not grow with the second.
func ExpiredSessionHeap(tools []manifest.Tool, n int, idle time.Duration) (SessionHeap, error) {
	srv, err := server.New(server.Options{Tools: tools, Filter: manifest.Filter{Toolsets: manifest.DefaultToolsets}})
	if err != nil {
		return SessionHeap{}, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return SessionHeap{}, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		_ = transport.Serve(ctx, ln, transport.HTTPOptions{Server: srv, SSEMaxSessions: n + 10, SSEIdleTimeout: idle})
	}()
	addr := ln.Addr().String()
	if err := waitListening(addr, 10*time.Second); err != nil {
		return SessionHeap{}, err
	}
	heap := func() uint64 {
		runtime.GC() // twice: sync.Pool keeps what it held for one collection more
		runtime.GC()
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	h := SessionHeap{Sessions: n, Before: heap()}
	for wave := range 2 {
		conns, err := openSSE(addr, n)
		if err == nil {
			h.Open[wave] = heap()
		}
		for _, c := range conns { // the server closes each expired stream: wait for the end
			_ = c.SetReadDeadline(time.Now().Add(idle + 30*time.Second))
			_, _ = io.Copy(io.Discard, c)
			c.Close()
		}
		if err != nil {
			return h, err
		}
		time.Sleep(100 * time.Millisecond)
		h.Expired[wave] = heap()
	}
	return h, nil
}
