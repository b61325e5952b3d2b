package bench

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server is an MCP server process under load: where it answers, and its pid (for its CPU
// time and resident memory in /proc).
type Server struct {
	Endpoint string // http://host:port/mcp
	Pid      int
	stop     func()
}

// Stop ends the server and removes what it kept.
func (s *Server) Stop() {
	if s != nil && s.stop != nil {
		s.stop()
	}
}

// LoadResult is what Load measures.
type LoadResult struct {
	Clients         int
	Calls, Failures int
	FirstFailure    string
	Wall            time.Duration // from the first call to the last answer
	CPU             time.Duration // the server's user and system time over Wall
	P50, P99        time.Duration // latency of the successful calls
	RSSKB           int           // the server's resident memory at the end, sessions still open
	AnonKB          int           // the anonymous part of RSSKB (RssAnon): heap and stacks, not the binary's pages
	PeakRSSKB       int           // its peak resident memory since it started (VmHWM)
}

// CallsPerCPUSecond is the successful calls per second of the server's CPU time.
func (r LoadResult) CallsPerCPUSecond() float64 {
	if r.CPU <= 0 {
		return 0
	}
	return float64(r.Calls) / r.CPU.Seconds()
}

// Load opens `clients` sessions on s (go-sdk clients: the 2026-07-28 revision when the
// server serves it, else a protocol session), then each calls tool with args in turn until
// d has passed or maxCalls calls have been made in all, whichever comes first. It measures
// the latency of each call on the client's side, and the server's CPU time and resident
// memory from /proc (Linux).
func Load(s *Server, tool string, args map[string]any, clients int, d time.Duration, maxCalls int) (LoadResult, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sessions := make([]*mcp.ClientSession, clients)
	defer func() {
		for _, cs := range sessions {
			if cs != nil {
				cs.Close()
			}
		}
	}()
	for i := range sessions {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: s.Endpoint}, nil)
		if err != nil {
			return LoadResult{}, fmt.Errorf("session %d: %w", i, err)
		}
		sessions[i] = cs
	}
	r := LoadResult{Clients: clients}
	var mu sync.Mutex
	took := make([]time.Duration, 0, min(maxCalls, 1<<16))
	left := maxCalls
	cpu0, err := cpuTime(s.Pid)
	if err != nil {
		return r, err
	}
	start := time.Now()
	end := start.Add(d)
	var wg sync.WaitGroup
	for _, cs := range sessions {
		wg.Go(func() {
			for time.Now().Before(end) {
				mu.Lock()
				if left == 0 {
					mu.Unlock()
					return
				}
				left--
				mu.Unlock()
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
				dt := time.Since(t0)
				mu.Lock()
				switch {
				case err != nil || res.IsError:
					r.Failures++
					if r.FirstFailure == "" {
						r.FirstFailure = failureText(res, err)
					}
				default:
					took = append(took, dt)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	r.Wall = time.Since(start)
	cpu1, err := cpuTime(s.Pid)
	if err != nil {
		return r, err
	}
	r.CPU = cpu1 - cpu0
	if r.RSSKB, err = statusKB(s.Pid, "VmRSS"); err != nil {
		return r, err
	}
	if r.AnonKB, err = statusKB(s.Pid, "RssAnon"); err != nil {
		return r, err
	}
	if r.PeakRSSKB, err = statusKB(s.Pid, "VmHWM"); err != nil {
		return r, err
	}
	r.Calls = len(took)
	if r.Calls == 0 {
		return r, fmt.Errorf("%s: no successful call (%d failures: %s)", tool, r.Failures, r.FirstFailure)
	}
	slices.Sort(took)
	r.P50, r.P99 = quantile(took, 0.50), quantile(took, 0.99)
	return r, nil
}

// quantile is the q-th quantile of sorted.
func quantile(sorted []time.Duration, q float64) time.Duration {
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

func failureText(res *mcp.CallToolResult, err error) string {
	s := ""
	if err != nil {
		s = err.Error()
	} else {
		s = textOf(res)
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// clockTicks is the unit of utime and stime in /proc/PID/stat (USER_HZ: 100 on Linux).
const clockTicks = 100

// cpuTime is a process's user and system CPU time so far (all its threads).
func cpuTime(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("read the CPU time (Linux only): %w", err)
	}
	// The command name (field 2) is in parentheses and may hold spaces: count after it.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	var ticks int64
	for _, v := range f[11:13] { // utime and stime, fields 14 and 15
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// statusKB is a figure in kB of /proc/PID/status: VmRSS, RssAnon, VmHWM.
func statusKB(pid int, name string) (int, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("read %s (Linux only): %w", name, err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			var kb int
			_, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb)
			return kb, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", name, pid)
}
