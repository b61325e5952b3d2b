package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/bench"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

func main() {
	bin := flag.String("bin", "bin/intervals-mcp", "the built binary")
	runs := flag.Int("runs", 50, "cold starts to take the median of")
	tool := flag.String("tool", "get_gear_list", "the (cheap) tool called for calls per second")
	upstream := flag.String("upstream-tool", bench.UpstreamTool, "the tool of the HTTP latency runs: one upstream request a call")
	dur := flag.Duration("duration", 3*time.Second, "how long to call it")
	budgets := flag.Int("budget-runs", 3, "runs of the shared-budget measurement to take the median of (0: skip it)")
	httpDur := flag.Duration("http-duration", 5*time.Second, "how long each HTTP latency run calls")
	sessions := flag.Int("sessions", 10000, "abandoned sessions for the memory measurement")
	initRuns := flag.Int("init-runs", 21, "runs of `version` under GODEBUG=inittrace=1 to take the median of")
	goalsOnly := flag.Bool("goals", false, "print the start-up goals' table only")
	flag.Parse()
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if *goalsOnly {
		if _, err := goals(abs, *runs, *initRuns); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(abs, *runs, *initRuns, *tool, *dur, *budgets); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if err := runHTTP(abs, *upstream, *httpDur, *sessions); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(bin string, runs, initRuns int, tool string, dur time.Duration, budgetRuns int) error {
	p, err := goals(bin, runs, initRuns)
	if err != nil {
		return err
	}
	median, fastest, samples := p.starts.Median, p.starts.Fastest, p.rss
	rss := samples[len(samples)/2]
	rate, err := bench.CallsPerSecond(bin, tool, map[string]any{}, 4, dur)
	if err != nil {
		return fmt.Errorf("calls per second: %w", err)
	}
	qs, err := bench.CommonQuestions(tools.All())
	if err != nil {
		return fmt.Errorf("common questions: %w", err)
	}
	fmt.Println("| process | value | target |\n|---|---|---|")
	fmt.Printf("| cold start to first tools/list over stdio (median of %d; fastest) | %.1f ms (%.1f ms) | < 10 ms |\n", runs, ms(median), ms(fastest))
	fmt.Printf("| idle RSS after the handshake (median of %d; range) | %.1f MiB (%.1f-%.1f) | <= %d MiB |\n", len(samples), float64(rss)/1024, float64(samples[0])/1024, float64(samples[len(samples)-1])/1024, goalIdleRSS>>10)
	fmt.Printf("| %s calls per second over Streamable HTTP (4 sessions, demo) | %.0f | |\n", tool, rate)
	fmt.Printf("| upstream requests of %d common questions in a row (activities of 30 days, a ride, its streams, wellness of 30 days, the next 14 days, the power curve, the context, the load projection) | %d | <= 12 (15 without the read cache; the closest Go peer 35) |\n\n", len(qs), bench.Requests(qs))

	if budgetRuns > 0 {
		if err := budgets(bin, budgetRuns, dur); err != nil {
			return fmt.Errorf("budgets: %w", err)
		}
	}

	sizes, err := bench.ListSizes(tools.All())
	if err != nil {
		return fmt.Errorf("tools/list size: %w", err)
	}
	fmt.Println("| tools/list | tools | bytes | o200k tokens |\n|---|---|---|---|")
	for _, s := range sizes {
		fmt.Printf("| %s | %d | %d | %d |\n", s.Name, s.Tools, s.Bytes, s.Tokens)
	}
	ref, err := bench.ReferenceCatalogSize(tools.All())
	if err != nil {
		return err
	}
	fmt.Printf("| the reference server's %d tools | %d | %d | %d (target < 3,000) |\n\n", ref.Tools, ref.Tools, ref.Bytes, ref.Tokens)

	answers, err := bench.AnswerSizes(tools.All())
	if err != nil {
		return fmt.Errorf("answers: %w", err)
	}
	fmt.Println("| answer on the demo athlete (first sample call) | bytes | o200k tokens | first line |\n|---|---|---|---|")
	for _, a := range answers {
		first := a.Text
		if len(first) > 70 {
			first = first[:70] + "…"
		}
		if a.IsError {
			first = "ERROR: " + first
		}
		fmt.Printf("| %s %s | %d | %d | %s |\n", a.Tool, a.Case, a.Bytes, a.Tokens, strings.ReplaceAll(first, "|", `\|`))
	}

	charts, err := bench.ChartSizes(tools.All())
	if err != nil {
		return fmt.Errorf("chart answers: %w", err)
	}
	fmt.Println("\n| chart answer (every sample call) | text tokens (views; image) | structuredContent bytes | PNG bytes | view HTML bytes |\n|---|---|---|---|---|")
	for _, a := range charts {
		name := a.Tool + " " + a.Case
		if a.IsError {
			name += " (ERROR)"
		}
		fmt.Printf("| %s | %d; %d | %d | %d | %d |\n", name, a.TextTokens, a.TextWithoutViews, a.StructuredBytes, a.PNGBytes, a.ViewHTMLBytes)
	}
	return nil
}

// runHTTP prints the HTTP measurements.
func runHTTP(bin, tool string, dur time.Duration, sessions int) error {
	upstream, stop, err := bench.StartFake(bin, "latency:80ms")
	if err != nil {
		return err
	}
	defer stop()
	fmt.Printf("\n| %s over stateless Streamable HTTP, one caller, fake upstream +80 ms | calls/s | p50 | p99 | refused by the budget |\n|---|---|---|---|---|\n", tool)
	for _, replicas := range []int{1, 2} {
		for _, clients := range []int{1, 8, 32} {
			l, err := bench.HTTPLatency(bin, upstream, tool, map[string]any{}, clients, replicas, dur)
			if err != nil {
				return fmt.Errorf("latency, %d clients, %d replicas: %w", clients, replicas, err)
			}
			fmt.Printf("| %d clients, %d replica(s) | %.1f | %.0f ms | %.0f ms | %d |\n", clients, replicas, l.CallsPerSec, ms(l.P50), ms(l.P99), l.Failures)
		}
	}
	const idle = 5 * time.Second
	m, err := bench.AbandonedSessions(bin, sessions, idle)
	if err != nil {
		return fmt.Errorf("abandoned sessions: %w", err)
	}
	mib := func(kb int) string { return fmt.Sprintf("%.1f MiB", float64(kb)/1024) }
	fmt.Printf("\n| server RSS, %d sessions abandoned | value |\n|---|---|\n| before | %s |\n", m.Sessions, mib(m.Before))
	for wave := range 2 {
		fmt.Printf("| wave %d: SSE sessions open | %s |\n| wave %d: expired (idle timeout %s) | %s |\n", wave+1, mib(m.Open[wave]), wave+1, idle, mib(m.Expired[wave]))
	}
	fmt.Printf("| then %d initialize requests on stateless /mcp, never followed | %s |\n", m.Sessions, mib(m.Initialize))
	// Both ends in one process take two descriptors a session: half as many sessions here.
	h, err := bench.ExpiredSessionHeap(tools.All(), sessions/2, idle)
	if err != nil {
		return fmt.Errorf("session heap: %w", err)
	}
	heap := func(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
	fmt.Printf("\n| live Go heap after a collection, in process (server and %d raw clients) | value |\n|---|---|\n", h.Sessions)
	fmt.Printf("| before | %s |\n", heap(h.Before))
	for wave := range 2 {
		fmt.Printf("| wave %d: SSE sessions open | %s |\n| wave %d: expired | %s |\n", wave+1, heap(h.Open[wave]), wave+1, heap(h.Expired[wave]))
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// The start-up goals of a desktop server: what a stdio server that never opens the store,
// never draws a PNG and never signs anyone in pays at every start, against the process floor
// (`version`: the same binary starting, running every package init, exiting).
const (
	goalInits   = 2 * time.Millisecond // package inits, the init trace's clock summed
	goalIdleRSS = 16 << 10             // kB, over stdio after tools/list
	goalBinary  = 25_000_000           // bytes, the release build
	goalRatio   = 1.3                  // cold start to tools/list over `version`'s
)

// process is what goals measured, for the process table too.
type process struct {
	starts bench.Starts
	rss    []int // idle RSS samples, kB, sorted
}

// goals measures the start-up goals on bin, prints their table and returns the samples.
func goals(bin string, runs, initRuns int) (process, error) {
	var p process
	var err error
	if p.starts, err = bench.ColdStartVsFloor(bin, runs); err != nil {
		return p, fmt.Errorf("cold start: %w", err)
	}
	// RSS varies by a few hundred KB from run to run (page faults, the collector's timing):
	// the median of several processes is the number to quote.
	const rssRuns = 7
	for range rssRuns {
		kb, err := bench.IdleRSS(bin)
		if err != nil {
			return p, fmt.Errorf("idle RSS: %w", err)
		}
		p.rss = append(p.rss, kb)
	}
	slices.Sort(p.rss)
	rss := p.rss[rssRuns/2]
	inits, err := bench.MeasureInits(bin, initRuns)
	if err != nil {
		return p, fmt.Errorf("package inits: %w", err)
	}
	size, err := bench.BinarySize(bin)
	if err != nil {
		return p, err
	}
	var top []string
	for _, pk := range inits.Packages[:min(5, len(inits.Packages))] {
		top = append(top, fmt.Sprintf("%s %.2f", pk.Path, ms(pk.Clock)))
	}
	verdict := func(ok bool) string {
		if ok {
			return "pass"
		}
		return "FAIL"
	}
	mib := func(kb int) float64 { return float64(kb) / 1024 }
	fmt.Println("| start-up goal (floor: `intervals-mcp version`, the same binary) | goal | measured | floor | |\n|---|---|---|---|---|")
	fmt.Printf("| package inits at every start (init trace's clock summed, median of %d runs of `version`; costliest, ms: %s) | <= %.0f ms | %.2f ms (%d packages) | the same inits: `version` runs them all. Go's own packages %.2f ms, dependencies %.2f, this module's %.2f | %s |\n",
		inits.Runs, strings.Join(top, ", "), ms(goalInits), ms(inits.Median), len(inits.Packages), ms(inits.Go), ms(inits.Dependencies), ms(inits.Module), verdict(inits.Median <= goalInits))
	fmt.Printf("| idle RSS over stdio after tools/list (median of %d) | <= %.0f MiB | %.1f MiB | %.1f MiB (`version`'s peak, median of %d) | %s |\n",
		rssRuns, mib(goalIdleRSS), mib(rss), mib(p.starts.FloorMaxRSS), p.starts.FloorRSSRuns, verdict(rss <= goalIdleRSS))
	fmt.Printf("| binary (%s; make bench builds it as released: static, -trimpath, stripped) | <= %.0f MB | %.1f MB | | %s |\n",
		filepath.Base(bin), goalBinary/1e6, float64(size)/1e6, verdict(size <= goalBinary))
	fmt.Printf("| cold start to the first tools/list over stdio (--demo), against `version` (medians of %d, taken in turns) | <= %.1fx | %.2fx (%.1f ms) | %.1f ms | %s |\n\n",
		p.starts.Runs, goalRatio, p.starts.Ratio(), ms(p.starts.Median), ms(p.starts.Floor), verdict(p.starts.Ratio() <= goalRatio))
	return p, nil
}

// budgets prints the shared upstream budgets' table: two athletes (two callers, each with
// its own 10 requests/s) against the standalone fake with 80 ms of latency, one replica and
// two, the median of runs by calls per second.
func budgets(bin string, runs int, dur time.Duration) error {
	fmt.Println("|", bench.UpstreamTool, "over Streamable HTTP, 2 athletes x 4 sessions, fake with 80 ms latency (median of", runs, "runs) | calls/s | athlete 1 | athlete 2 | p50 | p99 | refused |\n|---|---|---|---|---|---|---|")
	for _, replicas := range []int{1, 2} {
		var rs []bench.Budgets
		for range runs {
			b, err := bench.MeasureBudgets(bin, replicas, 4, 80*time.Millisecond, dur)
			if err != nil {
				return err
			}
			rs = append(rs, b)
		}
		slices.SortFunc(rs, func(x, y bench.Budgets) int { return cmp.Compare(x.CallsPerSec, y.CallsPerSec) })
		b := rs[len(rs)/2]
		fmt.Printf("| %d replica(s) | %.1f | %.1f | %.1f | %.0f ms | %.0f ms | %d |\n", replicas, b.CallsPerSec, b.PerAthlete[0], b.PerAthlete[1], ms(b.P50), ms(b.P99), b.Refused)
	}
	fmt.Println()
	return nil
}
