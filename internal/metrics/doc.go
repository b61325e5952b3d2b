// Package metrics counts what an HTTP server does, for Prometheus: tool calls by tool and
// outcome with their latency, requests to Intervals.icu by operation and status (429s
// included) with their retries and the waits for the shared budget, write journals begun,
// rolled back and recovered, sign-ins, token verifications, and the sessions and requests
// open. The packages that do those things call the few functions here; none imports the
// metrics library (github.com/VictoriaMetrics/metrics, chosen over prometheus/client_golang
// for the release binary's size budget), and this package imports no net/http: the transport
// serves Write on its own listen address (--metrics-addr).
//
// The counters live in one set for the process, the one mutable state of the package: every
// package counts into it without a registry passed through every constructor, as with
// Prometheus' default registry. A process that serves no metrics counts for nobody, at the
// cost of an atomic add.
//
// Imports: nothing internal.
package metrics
