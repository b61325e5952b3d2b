package bench

import (
	"testing"
	"time"
)

func TestParseInitTrace(t *testing.T) {
	trace := `init internal/bytealg @0.004 ms, 0 ms clock, 0 bytes, 0 allocs
init runtime @0.029 ms, 0.12 ms clock, 0 bytes, 0 allocs
init net/netip @1.2 ms, 0.075 ms clock, 744 bytes, 18 allocs
intervals-mcp dev
init modernc.org/libc @10 ms, 14 ms clock, 2448 bytes, 29 allocs
`
	got := parseInitTrace(trace)
	want := map[string]time.Duration{"internal/bytealg": 0, "runtime": 120 * time.Microsecond, "net/netip": 75 * time.Microsecond, "modernc.org/libc": 14 * time.Millisecond}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for pkg, d := range want {
		if got[pkg] != d {
			t.Errorf("%s: %v, want %v", pkg, got[pkg], d)
		}
	}
}
