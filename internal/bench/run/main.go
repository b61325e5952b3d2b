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
	budgetRuns := flag.Int("budget-runs", 3, "runs of the shared-budget measurement to take the median of (0: skip it)")
	httpDur := flag.Duration("http-duration", 5*time.Second, "how long each HTTP latency run calls")
	sessions := flag.Int("sessions", 10000, "abandoned sessions for the memory measurement")
	budgetsOnly := flag.Bool("budgets", false, "measure and print the budgets only")
	var lo loadOptions
	flag.StringVar(&lo.databaseURL, "database-url", os.Getenv("INTERVALS_TEST_DATABASE_URL"), "PostgreSQL for the load figures on it (a schema of their own, dropped after); \"\" skips them")
	flag.StringVar(&lo.icuvisor, "icuvisor", os.Getenv("ICUVISOR_BIN"), "icuvisor's binary, to compare the load figures with (internal/bench/README.md says how to build it); \"\" skips it")
	flag.DurationVar(&lo.d, "load-duration", 4*time.Second, "how long each load run calls")
	flag.IntVar(&lo.runs, "load-runs", 3, "runs of each load figure to take the median of")
	flag.IntVar(&lo.maxCalls, "load-calls", 20000, "most calls of one load run")
	clients := flag.String("load-clients", "1,10,100", "the load figures' concurrencies, separated by commas")
	flag.BoolVar(&lo.heavy, "load-heavy", true, "measure the heavy read at 10 clients too")
	soakFor := flag.Duration("soak", 0, "instead of the figures, a soak of 50 sessions for this long: the server's memory every 30 s")
	loadOnly := flag.Bool("load", false, "measure and print the HTTP load figures only")
	flag.Parse()
	cs, err := parseClients(*clients)
	if err != nil {
		fail(err)
	}
	lo.clients = cs
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fail(err)
	}
	if *soakFor > 0 {
		if err := soak(abs, *soakFor); err != nil {
			fail(fmt.Errorf("soak: %w", err))
		}
		return
	}
	if *loadOnly {
		if err := runLoad(abs, lo); err != nil {
			fail(fmt.Errorf("load: %w", err))
		}
		return
	}
	sizes, err := bench.ListSizes(tools.All())
	if err != nil {
		fail(fmt.Errorf("tools/list size: %w", err))
	}
	rss, err := idleRSS(abs)
	if err != nil {
		fail(err)
	}
	over, err := checkBudgets(abs, rss, sizes)
	if err != nil {
		fail(err)
	}
	if !*budgetsOnly {
		if err := run(abs, *runs, rss, sizes, *tool, *dur, *budgetRuns); err != nil {
			fail(err)
		}
		if err := runHTTP(abs, *upstream, *httpDur, *sessions); err != nil {
			fail(err)
		}
		if err := runLoad(abs, lo); err != nil {
			fail(fmt.Errorf("load: %w", err))
		}
	}
	if len(over) > 0 {
		fail(fmt.Errorf("over budget: %s", strings.Join(over, ", ")))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}

// idleMemory is the idle memory of several processes, each figure sorted (kB).
type idleMemory struct{ rss, anon []int }

// idleRSS measures the idle RSS, and its anonymous part, of several processes: they vary by
// a few hundred kB from one to the next (page faults, the collector's timing), so the
// median is the figure to quote.
func idleRSS(bin string) (idleMemory, error) {
	var m idleMemory
	for range 7 {
		idle, err := bench.IdleRSS(bin)
		if err != nil {
			return m, fmt.Errorf("idle RSS: %w", err)
		}
		m.rss, m.anon = append(m.rss, idle.RSS), append(m.anon, idle.Anon)
	}
	slices.Sort(m.rss)
	slices.Sort(m.anon)
	return m, nil
}

// checkBudgets prints the budgets' table and returns the names of those exceeded.
func checkBudgets(bin string, idle idleMemory, sizes []bench.Size) ([]string, error) {
	size, err := bench.BinarySize(bin)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(sizes, func(s bench.Size) bool { return s.Name == "default" })
	if i < 0 {
		return nil, fmt.Errorf("no tools/list size of the default toolsets")
	}
	var over []string
	fmt.Printf("| budget (%s) | limit | measured | |\n|---|---|---|---|\n", filepath.Base(bin))
	for _, b := range bench.CheckBudgets(size, idle.anon[len(idle.anon)/2], sizes[i].Tokens) {
		verdict := "pass"
		if !b.OK {
			verdict = "OVER"
			over = append(over, b.Name)
		}
		fmt.Printf("| %s | %s | %s | %s |\n", b.Name, b.Limit, b.Measured, verdict)
	}
	fmt.Println()
	return over, nil
}

func run(bin string, runs int, idle idleMemory, sizes []bench.Size, tool string, dur time.Duration, budgetRuns int) error {
	median, fastest, err := bench.ColdStart(bin, runs)
	if err != nil {
		return fmt.Errorf("cold start: %w", err)
	}
	rate, err := bench.CallsPerSecond(bin, tool, map[string]any{}, 4, dur)
	if err != nil {
		return fmt.Errorf("calls per second: %w", err)
	}
	qs, err := bench.CommonQuestions(tools.All())
	if err != nil {
		return fmt.Errorf("common questions: %w", err)
	}
	mib := func(kb int) float64 { return float64(kb) / 1024 }
	fmt.Println("| process | value |\n|---|---|")
	fmt.Printf("| cold start to the first tools/list over stdio (median of %d; fastest) | %.1f ms (%.1f ms) |\n", runs, ms(median), ms(fastest))
	for _, f := range []struct {
		name string
		kb   []int
	}{{"idle RSS", idle.rss}, {"its anonymous part", idle.anon}} {
		fmt.Printf("| %s after the handshake (median of %d; range) | %.1f MiB (%.1f-%.1f) |\n", f.name, len(f.kb), mib(f.kb[len(f.kb)/2]), mib(f.kb[0]), mib(f.kb[len(f.kb)-1]))
	}
	fmt.Printf("| %s calls per second over Streamable HTTP (4 sessions, demo) | %.0f |\n", tool, rate)
	fmt.Printf("| upstream requests of %d common questions in a row (activities of 30 days, a ride, its streams, wellness of 30 days, the next 14 days, the power curve, the context, the load projection) | %d |\n", len(qs), bench.Requests(qs))
	fmt.Printf("| o200k tokens of their answers | %d |\n\n", bench.AnswerTokens(qs))

	if budgetRuns > 0 {
		if err := sharedBudgets(bin, budgetRuns, dur); err != nil {
			return fmt.Errorf("budgets: %w", err)
		}
	}

	fmt.Println("| tools/list | tools | bytes | o200k tokens |\n|---|---|---|---|")
	for _, s := range sizes {
		fmt.Printf("| %s | %d | %d | %d |\n", s.Name, s.Tools, s.Bytes, s.Tokens)
	}
	ref, err := bench.ReferenceCatalogSize(tools.All())
	if err != nil {
		return err
	}
	fmt.Printf("| the reference server's %d tools | %d | %d | %d |\n\n", ref.Tools, ref.Tools, ref.Bytes, ref.Tokens)

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

// sharedBudgets prints the shared upstream budgets' table: two athletes (two callers, each
// with its own 10 requests/s) against the standalone fake with 80 ms of latency, one replica
// and two, the median of runs by calls per second.
func sharedBudgets(bin string, runs int, dur time.Duration) error {
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
