package bench

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"runtime"
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

// TestColdStartVsFloorMeasuresTheBinary runs what make bench times on a built binary: its
// stdio start to the tools/list answer and `version`, in turns, three times each through one
// answer reader (each server's output read to its end before the next start resets it), once
// through a reader far shorter than the answers, and its idle memory after the handshake.
func TestColdStartVsFloorMeasuresTheBinary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the floor's peak memory is read from /proc under ptrace: Linux only")
	}
	bin := filepath.Join(t.TempDir(), "intervals-mcp")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/intervals-mcp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	s, err := ColdStartVsFloor(bin, 3)
	if err != nil {
		t.Fatal(err)
	}
	if s.Runs != 3 || s.Fastest <= 0 || s.Median < s.Fastest || s.Floor <= 0 || s.FloorMaxRSS <= 0 {
		t.Errorf("measured %+v", s)
	}
	small, _, err := startStdio(bin, bufio.NewReaderSize(nil, 64)) // every answer in many reads
	if err != nil {
		t.Fatal(err)
	}
	small.stop()
	kb, err := IdleRSS(bin)
	if err != nil {
		t.Fatal(err)
	}
	if kb <= 0 {
		t.Errorf("idle RSS %d kB", kb)
	}
}
