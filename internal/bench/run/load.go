package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/bench"
)

// loadOptions are the HTTP load figures' settings (flags).
type loadOptions struct {
	databaseURL string // PostgreSQL for the store's runs on it; "" none
	icuvisor    string // icuvisor's binary, for the comparison; "" none
	d           time.Duration
	runs        int
	maxCalls    int
	clients     []int // the concurrencies measured
	heavy       bool  // whether the heavy read is measured
}

// parseClients reads the -load-clients flag: concurrencies separated by commas.
func parseClients(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-load-clients: %q is not a number of clients (write them as 1,10,100)", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// runLoad prints the HTTP load figures: get_events (one upstream request a call) and a heavy
// read, over Streamable HTTP against the standalone fake answering in 80 ms, on SQLite and
// PostgreSQL, beside icuvisor; then the ratios the issue of record sets as goals.
func runLoad(bin string, o loadOptions) error {
	upstream, stop, err := bench.StartFake(bin, "latency:80ms")
	if err != nil {
		return err
	}
	defer stop()
	contenders := []bench.Contender{bench.Ours(bin, "")}
	if o.databaseURL != "" {
		contenders = append(contenders, bench.Ours(bin, o.databaseURL))
	}
	if o.icuvisor != "" {
		contenders = append(contenders, bench.Icuvisor(o.icuvisor))
	}
	args := bench.EventsArgs(time.Now())
	fmt.Printf("\n| HTTP load: get_events of a week, fake +80 ms, budgets raised, median of %d runs of %s | clients | calls per CPU-second | calls/s | p50 | p99 | RSS at the end (peak) | anonymous |\n|---|---|---|---|---|---|---|---|\n", o.runs, o.d)
	byClients := map[int][]bench.LoadFigure{}
	for _, clients := range o.clients {
		figs, err := bench.MeasureLoad(contenders, upstream, bench.UpstreamTool, args, clients, o.runs, o.d, o.maxCalls)
		if err != nil {
			return err
		}
		byClients[clients] = figs
		for _, f := range figs {
			fmt.Printf("| %s | %d | %.0f | %.0f | %s | %s | %s (%s) | %s |\n", f.Contender, clients, f.CallsPerCPUSecond(), float64(f.Calls)/f.Wall.Seconds(),
				msText(f.P50), msText(f.P99), mibText(f.RSSKB), mibText(f.PeakRSSKB), mibText(f.AnonKB))
		}
	}
	fmt.Printf("\n| heavy read, 10 clients, median of %d runs | calls per CPU-second | p50 | p99 |\n|---|---|---|---|\n", o.runs)
	for _, c := range contenders {
		if c.Heavy == "" || !o.heavy {
			continue
		}
		figs, err := bench.MeasureLoad([]bench.Contender{c}, upstream, c.Heavy, map[string]any{}, 10, o.runs, o.d, o.maxCalls)
		if err != nil {
			return err
		}
		f := figs[0]
		fmt.Printf("| %s, %s | %.0f | %s | %s |\n", c.Name, c.Heavy, f.CallsPerCPUSecond(), msText(f.P50), msText(f.P99))
	}
	if o.icuvisor != "" {
		printRatios(byClients, contenders)
	}
	if o.databaseURL != "" && len(byClients[10]) > 1 {
		sqlite, postgres := byClients[10][0], byClients[10][1]
		fmt.Printf("\n| PostgreSQL to SQLite (same runs) | goal | ratio |\n|---|---|---|\n| p99 at 10 clients | at most 1.5x | %.2fx (%s against %s) |\n",
			postgres.P99.Seconds()/sqlite.P99.Seconds(), msText(postgres.P99), msText(sqlite.P99))
	}
	return nil
}

// printRatios prints each of our contenders' figures as ratios to icuvisor's of the same
// run, beside the goals.
func printRatios(byClients map[int][]bench.LoadFigure, contenders []bench.Contender) {
	icu := len(contenders) - 1
	fmt.Printf("\n| ratio to icuvisor (same runs) | goal |")
	for _, c := range contenders[:icu] {
		fmt.Printf(" %s |", c.Name)
	}
	fmt.Printf("\n|---|---|%s\n", strings.Repeat("---|", icu))
	rows := []struct {
		name, goal string
		clients    int
		ratio      func(ours, theirs bench.LoadFigure) float64
	}{
		{"get_events calls per CPU-second, 10 clients", "at least 2x", 10, func(o, t bench.LoadFigure) float64 { return o.CallsPerCPUSecond() / t.CallsPerCPUSecond() }},
		{"RSS at 100 sessions (at the end)", "at most 1.0x", 100, func(o, t bench.LoadFigure) float64 { return float64(o.RSSKB) / float64(t.RSSKB) }},
		{"its anonymous part (heap, stacks; not the binary's pages)", "", 100, func(o, t bench.LoadFigure) float64 { return float64(o.AnonKB) / float64(t.AnonKB) }},
		{"p99 at 10 clients", "at most 0.8x", 10, func(o, t bench.LoadFigure) float64 { return o.P99.Seconds() / t.P99.Seconds() }},
	}
	for _, r := range rows {
		figs := byClients[r.clients]
		if len(figs) == 0 {
			continue
		}
		fmt.Printf("| %s | %s |", r.name, r.goal)
		for i := range contenders[:icu] {
			fmt.Printf(" %.2fx |", r.ratio(figs[i], figs[icu]))
		}
		fmt.Println()
	}
	// What a session adds, with the binary's pages (the same in both) taken out: the slope of
	// the resident memory from 10 sessions to 100, each figure its concurrency's median run.
	lo, hi := byClients[10], byClients[100]
	if len(lo) == 0 || len(hi) == 0 {
		return
	}
	perSession := func(i int) float64 { return float64(hi[i].RSSKB-lo[i].RSSKB) / 90 }
	fmt.Printf("| resident memory per added session (RSS at 100 sessions less at 10, over 90) | below 1.0x |")
	for i := range contenders[:icu] {
		fmt.Printf(" %.2fx (%.0f KiB against %.0f KiB) |", perSession(i)/perSession(icu), perSession(i), perSession(icu))
	}
	fmt.Println()
}

// soak prints the resident memory of a server on SQLite under 50 sessions calling get_events
// for d against the fake answering in 80 ms, sampled every 30 s.
func soak(bin string, d time.Duration) error {
	upstream, stop, err := bench.StartFake(bin, "latency:80ms")
	if err != nil {
		return err
	}
	defer stop()
	s, err := bench.Ours(bin, "").Start(upstream)
	if err != nil {
		return err
	}
	defer s.Stop()
	samples, err := bench.Soak(s, bench.UpstreamTool, bench.EventsArgs(time.Now()), 50, d, 30*time.Second)
	if err != nil {
		return err
	}
	fmt.Printf("\n| soak: get_events from 50 sessions for %s, SQLite | calls so far | RSS | anonymous |\n|---|---|---|---|\n", d)
	for _, x := range samples {
		fmt.Printf("| %s | %d | %s | %s |\n", x.At, x.Calls, mibText(x.RSSKB), mibText(x.AnonKB))
	}
	return nil
}

func msText(d time.Duration) string { return fmt.Sprintf("%.0f ms", ms(d)) }

func mibText(kb int) string { return fmt.Sprintf("%.1f MiB", float64(kb)/1024) }
