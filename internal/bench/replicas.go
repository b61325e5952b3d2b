package bench

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Budgets measures what the shared upstream budgets give: the standalone fake Intervals.icu
// (`bin fake`, with latency added to every request) behind `replicas` HTTP server processes
// on one store (an SQLite file in a temporary directory, which processes of one host can
// share), called by `clients` sessions for each of two athletes (two callers: each has its
// own budget) for d. Sessions are spread over the replicas.
type Budgets struct {
	Replicas, Clients int
	CallsPerSec       float64 // successful calls, both athletes together
	PerAthlete        [2]float64
	P50, P99          time.Duration // latency of the successful calls
	Refused           int           // calls refused by the budget (a tool error, at once)
}

// fakeAddr reads the fake's address from its first line of output.
var fakeAddr = regexp.MustCompile(`at (http://[^ ]+)/api/v1`)

// UpstreamTool is the tool the budget measurements call: one upstream request a call (the
// calendar, which the read cache does not keep; the profile it needs is kept).
const UpstreamTool = "get_events"

// MeasureBudgets runs one measurement (see Budgets). latency is the fake's per-request delay.
func MeasureBudgets(bin string, replicas, clients int, latency, d time.Duration) (Budgets, error) {
	dir, err := os.MkdirTemp("", "intervals-mcp-bench")
	if err != nil {
		return Budgets{}, err
	}
	defer os.RemoveAll(dir)
	fake := exec.Command(bin, "fake", "--addr", "127.0.0.1:0", "--fault", "latency:"+latency.String())
	out, err := fake.StdoutPipe()
	if err != nil {
		return Budgets{}, err
	}
	if err := fake.Start(); err != nil {
		return Budgets{}, err
	}
	defer func() { _ = fake.Process.Kill(); _ = fake.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	m := fakeAddr.FindStringSubmatch(line)
	if err != nil || m == nil {
		return Budgets{}, fmt.Errorf("the fake did not say where it listens: %q %v", line, err)
	}
	var endpoints []string
	for range replicas {
		addr, err := freeAddr()
		if err != nil {
			return Budgets{}, err
		}
		cmd := exec.Command(bin, "serve", "--transport", "http", "--addr", addr, "--base-url", m[1], "--toolsets", "all", "--log-level", "error")
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "API_KEY=intervals-demo-key", "INTERVALS_MCP_DATA_DIR=" + filepath.Join(dir, "store")}
		if err := cmd.Start(); err != nil {
			return Budgets{}, err
		}
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		if err := waitListening(addr, 10*time.Second); err != nil {
			return Budgets{}, err
		}
		endpoints = append(endpoints, "http://"+addr+"/mcp")
	}
	athletes := [2]string{"", "i100002"} // the key's owner, and an athlete they coach
	var mu sync.Mutex
	var lat []time.Duration
	var calls [2]int
	refused := 0
	var wg sync.WaitGroup
	errs := make(chan error, 2*clients)
	ctx := context.Background()
	start := time.Now()
	deadline := start.Add(d)
	for w := range 2 * clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := w % 2
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoints[(w/2)%len(endpoints)]}, nil)
			if err != nil {
				errs <- err
				return
			}
			defer cs.Close()
			args := map[string]any{}
			if athletes[who] != "" {
				args["athlete"] = athletes[who]
			}
			for time.Now().Before(deadline) {
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: UpstreamTool, Arguments: args})
				took := time.Since(t0)
				mu.Lock()
				switch {
				case err == nil && !res.IsError:
					calls[who]++
					lat = append(lat, took)
				case err == nil && strings.Contains(textOf(res), "too many requests"):
					refused++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return Budgets{}, err
	}
	if len(lat) == 0 {
		return Budgets{}, fmt.Errorf("no successful call")
	}
	slices.Sort(lat)
	b := Budgets{Replicas: replicas, Clients: clients, Refused: refused,
		P50: lat[len(lat)/2], P99: lat[min(len(lat)-1, len(lat)*99/100)]}
	for i := range 2 {
		b.PerAthlete[i] = float64(calls[i]) / elapsed.Seconds()
	}
	b.CallsPerSec = b.PerAthlete[0] + b.PerAthlete[1]
	return b, nil
}

func textOf(res *mcp.CallToolResult) string {
	var s strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			s.WriteString(t.Text)
		}
	}
	return s.String()
}
