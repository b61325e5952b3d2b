package bench

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestColdStartAndIdleRSSMeasureTheBinary runs what make bench measures on a built binary:
// its stdio start to the tools/list answer, three times (the answer is read through a
// reader far shorter than it, so in many reads), and its idle memory after the handshake.
func TestColdStartAndIdleRSSMeasureTheBinary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("resident memory is read from /proc: Linux only")
	}
	bin := filepath.Join(t.TempDir(), "intervals-mcp")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/intervals-mcp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	med, fastest, err := ColdStart(bin, 3)
	if err != nil {
		t.Fatal(err)
	}
	if fastest <= 0 || med < fastest {
		t.Errorf("cold start: median %v, fastest %v", med, fastest)
	}
	idle, err := IdleRSS(bin)
	if err != nil {
		t.Fatal(err)
	}
	if idle.Anon <= 0 || idle.RSS <= idle.Anon {
		t.Errorf("idle RSS %d kB, anonymous %d kB: the binary's pages are resident too", idle.RSS, idle.Anon)
	}
}
