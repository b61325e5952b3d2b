package bench

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// Contender is a server the load figures measure: intervals-mcp on one of its stores, or
// icuvisor, each started afresh for each run against the same fake.
type Contender struct {
	Name  string
	Start func(upstream string) (*Server, error)
	// Heavy is the contender's heavy read, for calls per CPU-second ("" none measured).
	Heavy string
}

// Ours is intervals-mcp (bin) on SQLite, or on PostgreSQL with databaseURL, its budgets
// raised out of the way.
func Ours(bin, databaseURL string) Contender {
	name := "intervals-mcp, SQLite"
	if databaseURL != "" {
		name = "intervals-mcp, PostgreSQL"
	}
	return Contender{Name: name, Heavy: "get_athlete_context", Start: func(upstream string) (*Server, error) {
		return StartServer(bin, upstream, databaseURL, Unbudgeted...)
	}}
}

// Icuvisor is icuvisor's binary bin.
func Icuvisor(bin string) Contender {
	return Contender{Name: "icuvisor", Start: func(upstream string) (*Server, error) { return StartIcuvisor(bin, upstream) }}
}

// EventsArgs are get_events's arguments for both servers: the week from today.
func EventsArgs(now time.Time) map[string]any {
	return map[string]any{"oldest": now.Format(time.DateOnly), "newest": now.AddDate(0, 0, 6).Format(time.DateOnly)}
}

// LoadFigure is one contender's figures under one load: the median of its runs by calls per
// CPU-second (each run a fresh server), with that run's latency and memory.
type LoadFigure struct {
	Contender string
	Tool      string
	LoadResult
	Runs int
}

// MeasureLoad runs tool with args from `clients` sessions on a fresh server of each
// contender, runs times in turn (the contenders interleaved, so that the host's busy
// moments fall on all of them), each run for d or maxCalls calls. It warms each server
// first with two calls a client from as many clients (the read cache's profile, and the
// connections a server keeps for that many: its HTTP and store pools), so that the figures
// are those of a server in use, not of its first second.
func MeasureLoad(contenders []Contender, upstream, tool string, args map[string]any, clients, runs int, d time.Duration, maxCalls int) ([]LoadFigure, error) {
	results := make([][]LoadResult, len(contenders))
	for range max(runs, 1) {
		for i, c := range contenders {
			s, err := c.Start(upstream)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Name, err)
			}
			_, err = Load(s, tool, args, clients, 5*time.Second, max(5, 2*clients))
			var r LoadResult
			if err == nil {
				r, err = Load(s, tool, args, clients, d, maxCalls)
			}
			s.Stop()
			if err != nil {
				return nil, fmt.Errorf("%s, %s, %d clients: %w", c.Name, tool, clients, err)
			}
			results[i] = append(results[i], r)
		}
	}
	var out []LoadFigure
	for i, rs := range results {
		slices.SortFunc(rs, func(a, b LoadResult) int { return cmp.Compare(a.CallsPerCPUSecond(), b.CallsPerCPUSecond()) })
		out = append(out, LoadFigure{Contender: contenders[i].Name, Tool: tool, LoadResult: rs[len(rs)/2], Runs: len(rs)})
	}
	return out, nil
}

// SoakSample is the server's resident memory at a time of a soak.
type SoakSample struct {
	At            time.Duration
	RSSKB, AnonKB int
	Calls         int
}

// Soak calls tool with args from `clients` sessions on s for d, and samples the server's
// resident memory every `every`: growth over the soak is a leak.
func Soak(s *Server, tool string, args map[string]any, clients int, d, every time.Duration) ([]SoakSample, error) {
	var samples []SoakSample
	calls := 0
	for start := time.Now(); time.Since(start) < d; {
		r, err := Load(s, tool, args, clients, min(every, d-time.Since(start)), 1<<30)
		if err != nil {
			return samples, err
		}
		calls += r.Calls
		samples = append(samples, SoakSample{At: time.Since(start).Round(time.Second), RSSKB: r.RSSKB, AnonKB: r.AnonKB, Calls: calls})
	}
	return samples, nil
}
