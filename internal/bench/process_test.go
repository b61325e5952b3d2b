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

func TestPackageOwner(t *testing.T) {
	const module = "github.com/intervals-mcp/intervals-mcp"
	for pkg, want := range map[string]owner{
		"runtime":                                    ownerGo,
		"net/http":                                   ownerGo,
		"vendor/golang.org/x/net/http2/hpack":        ownerGo,
		"encoding/gob":                               ownerGo,
		"github.com/intervals-mcp/intervals-mcp":     ownerModule,
		module + "/internal/format":                  ownerModule,
		"github.com/intervals-mcp/intervals-mcp-x":   ownerDependency,
		"github.com/modelcontextprotocol/go-sdk/mcp": ownerDependency,
		"golang.org/x/sys/cpu":                       ownerDependency,
	} {
		if got := packageOwner(pkg, module); got != want {
			t.Errorf("packageOwner(%q) = %d, want %d", pkg, got, want)
		}
	}
	if got := packageOwner("mymod/internal/x", "mymod"); got != ownerModule { // a module path without a dot
		t.Errorf("a dotless main module's package counted as %d", got)
	}
}

// TestColdStartVsFloorMeasuresTheBinary runs what make bench measures on a built binary: its
// stdio start to the tools/list answer and `version`, in turns, three times each through one
// answer reader (each server's output read to its end before the next start resets it), once
// through a reader far shorter than the answers, its idle memory after the handshake, and its
// package inits, told apart by whose packages they are.
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
	in, err := MeasureInits(bin, 3)
	if err != nil {
		t.Fatal(err)
	}
	// This module's own inits take some microseconds: none would mean its packages were
	// counted as dependencies, its path not read from the binary.
	if in.Runs != 3 || in.Median <= 0 || in.Go <= 0 || in.Dependencies <= 0 || in.Module <= 0 || len(in.Packages) < 50 {
		t.Errorf("inits measured %+v", in)
	}
}
