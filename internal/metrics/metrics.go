package metrics

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	vm "github.com/VictoriaMetrics/metrics"
)

// Prefix starts the name of every metric of ours.
const Prefix = "intervals_mcp_"

// set holds this process's metrics.
var set = vm.NewSet()

// Latency buckets, in seconds: a tool call reads from a cache in a millisecond and may run
// for the call timeout (50 s by default); a request to Intervals.icu takes 50 ms to seconds.
var (
	callBuckets     = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 25, 60}
	upstreamBuckets = []float64{.025, .05, .1, .25, .5, 1, 2.5, 5, 10, 15}
	waitBuckets     = []float64{.01, .025, .05, .1, .25, .5, 1}
)

// Outcomes of a tool call.
const (
	OK            = "ok"             // an answer
	ToolError     = "error"          // an isError result: bad arguments, an API error, a timeout
	InputRequired = "input_required" // the user is asked to confirm (a range delete)
)

// ToolCall counts one call of a tool (its catalog name) and how long it took.
func ToolCall(tool, outcome string, took time.Duration) {
	set.GetOrCreateCounter(name("tool_calls_total", "tool", tool, "outcome", outcome)).Inc()
	set.GetOrCreatePrometheusHistogramExt(name("tool_call_duration_seconds", "tool", tool), callBuckets).Update(took.Seconds())
}

// UpstreamRequest counts one attempt of a request to Intervals.icu: its operation (the
// API's operationId, "unknown" if none matched) and status (0: no answer, counted "error").
func UpstreamRequest(operation string, status int, took time.Duration) {
	set.GetOrCreateCounter(name("upstream_requests_total", "operation", operation, "status", statusLabel(status))).Inc()
	set.GetOrCreatePrometheusHistogramExt(name("upstream_request_duration_seconds", "operation", operation), upstreamBuckets).Update(took.Seconds())
}

// UpstreamRetry counts a request sent again after the answer (status; 0: none) of its attempt.
func UpstreamRetry(operation string, status int) {
	set.GetOrCreateCounter(name("upstream_retries_total", "operation", operation, "after", statusLabel(status))).Inc()
}

// BudgetWait counts a request that had to wait for the shared upstream budget: how long it
// waited, and whether it was refused in the end (nothing sent).
func BudgetWait(waited time.Duration, refused bool) {
	outcome := "sent"
	if refused {
		outcome = "refused"
	}
	set.GetOrCreateCounter(name("budget_waits_total", "outcome", outcome)).Inc()
	set.GetOrCreatePrometheusHistogramExt(name("budget_wait_seconds"), waitBuckets).Update(waited.Seconds())
}

// Events of a write journal.
const (
	JournalBegin     = "begin"     // a write of several events started its journal
	JournalRollback  = "rollback"  // an interrupted write was rolled back
	JournalRecovered = "recovered" // a journal left by a process that died was settled
)

// Journal counts an event of the write journals.
func Journal(event string) {
	set.GetOrCreateCounter(name("journal_events_total", "event", event)).Inc()
}

// SignIn counts a sign-in through Intervals.icu coming back: for an application ("mcp") or
// the account page ("account"), and its outcome ("ok", "denied", "error").
func SignIn(purpose, outcome string) {
	set.GetOrCreateCounter(name("sign_ins_total", "purpose", purpose, "outcome", outcome)).Inc()
}

// TokenVerification counts a bearer token checked at the MCP endpoint: the server's own
// ("static") or one of the authorization server's ("oauth"), and the outcome ("ok",
// "invalid", "error").
func TokenVerification(kind, outcome string) {
	set.GetOrCreateCounter(name("token_verifications_total", "kind", kind, "outcome", outcome)).Inc()
}

// Gauge reports a value read when the metrics are written (sessions open, requests in
// flight): a second call with the same name and labels replaces the first's reading.
func Gauge(metric string, read func() float64, labels ...string) {
	n := name(metric, labels...)
	gaugesMu.Lock()
	defer gaugesMu.Unlock()
	if _, ok := gauges[n]; !ok {
		set.NewGauge(n, func() float64 {
			gaugesMu.Lock()
			f := gauges[n]
			gaugesMu.Unlock()
			return f()
		})
	}
	gauges[n] = read
}

var (
	gaugesMu sync.Mutex
	gauges   = map[string]func() float64{}
)

// metadata turns on the # HELP and # TYPE lines (Prometheus reads the histograms' type there).
var metadata = sync.OnceFunc(func() { vm.ExposeMetadata(true) })

// zeros makes the counters of every outcome known in advance, so that a series exists (at
// 0) before its first event: a rate or an alert on it works from the start.
var zeros = sync.OnceFunc(func() {
	for _, e := range []string{JournalBegin, JournalRollback, JournalRecovered} {
		set.GetOrCreateCounter(name("journal_events_total", "event", e))
	}
	for _, p := range []string{"mcp", "account"} {
		for _, o := range []string{OK, "denied", "error"} {
			set.GetOrCreateCounter(name("sign_ins_total", "purpose", p, "outcome", o))
		}
	}
	for _, k := range []string{"static", "oauth"} {
		for _, o := range []string{OK, "invalid", "error"} {
			set.GetOrCreateCounter(name("token_verifications_total", "kind", k, "outcome", o))
		}
	}
	for _, o := range []string{"sent", "refused"} {
		set.GetOrCreateCounter(name("budget_waits_total", "outcome", o))
	}
	set.GetOrCreatePrometheusHistogramExt(name("budget_wait_seconds"), waitBuckets)
})

// Write writes every metric in the Prometheus text format: ours, then the Go runtime's and
// the process's (go_*, process_*).
func Write(w io.Writer) {
	metadata()
	zeros()
	set.WritePrometheus(w)
	vm.WriteProcessMetrics(w)
}

// name is a metric's full name with its labels, values quoted as the text format wants.
func name(metric string, labels ...string) string {
	n := Prefix + metric
	for i := 0; i+1 < len(labels); i += 2 {
		sep := ","
		if i == 0 {
			sep = "{"
		}
		n += sep + labels[i] + "=" + strconv.Quote(labels[i+1])
	}
	if len(labels) > 0 {
		n += "}"
	}
	return n
}

func statusLabel(status int) string {
	if status == 0 {
		return "error"
	}
	return fmt.Sprint(status)
}

// Upstream is the Intervals.icu client's observer (intervals.Options.Observer): it counts
// each attempt, retry and budget wait here.
type Upstream struct{}

func (Upstream) Attempt(operation string, status int, took time.Duration) {
	UpstreamRequest(operation, status, took)
}
func (Upstream) Retry(operation string, status int)            { UpstreamRetry(operation, status) }
func (Upstream) BudgetWait(waited time.Duration, refused bool) { BudgetWait(waited, refused) }
