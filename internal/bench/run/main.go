// Command run prints the measurements of make bench as Markdown tables: cold start to the
// first tools/list over stdio (median of 20 runs of the built binary), tools/list size per
// toolset in bytes and o200k tokens, each read tool's answer on the demo athlete, the idle
// RSS of the serving process and tool calls per second over Streamable HTTP.
//
//	go run ./internal/bench/run -bin bin/intervals-mcp
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
	runs := flag.Int("runs", 20, "cold starts to take the median of")
	tool := flag.String("tool", "get_gear_list", "the (cheap) tool called for calls per second")
	dur := flag.Duration("duration", 3*time.Second, "how long to call it")
	budgets := flag.Int("budget-runs", 3, "runs of the shared-budget measurement to take the median of (0: skip it)")
	flag.Parse()
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
	if err := run(abs, *runs, *tool, *dur, *budgets); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(bin string, runs int, tool string, dur time.Duration, budgetRuns int) error {
	median, fastest, err := bench.ColdStart(bin, runs)
	if err != nil {
		return fmt.Errorf("cold start: %w", err)
	}
	// RSS varies by a few hundred KB from run to run (page faults, the collector's timing):
	// the median of several processes is the number to quote.
	const rssRuns = 7
	var samples []int
	for range rssRuns {
		kb, err := bench.IdleRSS(bin)
		if err != nil {
			return fmt.Errorf("idle RSS: %w", err)
		}
		samples = append(samples, kb)
	}
	slices.Sort(samples)
	rss := samples[rssRuns/2]
	rate, err := bench.CallsPerSecond(bin, tool, map[string]any{}, 4, dur)
	if err != nil {
		return fmt.Errorf("calls per second: %w", err)
	}
	fmt.Println("| process | value | target |\n|---|---|---|")
	fmt.Printf("| cold start to first tools/list over stdio (median of %d; fastest) | %.1f ms (%.1f ms) | < 10 ms |\n", runs, ms(median), ms(fastest))
	fmt.Printf("| idle RSS after the handshake (median of %d; range) | %.1f MiB (%.1f-%.1f) | < 15 MiB |\n", rssRuns, float64(rss)/1024, float64(samples[0])/1024, float64(samples[rssRuns-1])/1024)
	fmt.Printf("| %s calls per second over Streamable HTTP (4 sessions, demo) | %.0f | |\n\n", tool, rate)

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

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// budgets prints the shared upstream budgets' table: two athletes (two callers, each with
// its own 10 requests/s) against the standalone fake with 80 ms of latency, one replica and
// two, the median of runs by calls per second.
func budgets(bin string, runs int, dur time.Duration) error {
	fmt.Println("| get_gear_list over Streamable HTTP, 2 athletes x 4 sessions, fake with 80 ms latency (median of", runs, "runs) | calls/s | athlete 1 | athlete 2 | p50 | p99 | refused |\n|---|---|---|---|---|---|---|")
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
