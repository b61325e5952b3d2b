//go:build pprof

package main

import (
	"log"
	"net/http"
	_ "net/http/pprof" // the profiles, on the default mux
	"os"
	"runtime"
)

// A build with -tags pprof serves Go's profiles at INTERVALS_MCP_PPROF (a loopback
// host:port) beside whatever it runs: how internal/bench/README.md profiles a server under
// load. Release builds have no such tag, and no such listener. Its block and mutex profiles
// sample every blocking event of 10 µs or more and one contention in 10.
func init() {
	addr := os.Getenv("INTERVALS_MCP_PPROF")
	if addr == "" {
		return
	}
	runtime.SetBlockProfileRate(10_000)
	runtime.SetMutexProfileFraction(10)
	go func() { log.Println(http.ListenAndServe(addr, nil)) }()
}
