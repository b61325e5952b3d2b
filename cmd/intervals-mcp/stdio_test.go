package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/transport/stdiotest"
)

// The binary answers each malformed line of stdin with its JSON-RPC error and keeps serving,
// and the calls sent just before stdin closes are all answered before it exits, with status
// 0. Run five times: replies in flight were once dropped in two runs of five.
func TestStdioBinarySurvivesMalformedLinesAndDrainsOnEOF(t *testing.T) {
	script := stdiotest.Script("get_athlete_context", 8)
	for run := range 5 {
		cmd := command(t, nil, "--demo")
		cmd.Stdin = strings.NewReader(script)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			code := -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			t.Fatalf("run %d: exit status %d: %v\n%s", run, code, err, errb.String())
		}
		for _, p := range stdiotest.Check(out.String(), 8) {
			t.Errorf("run %d: %s", run, p)
		}
		for _, line := range strings.Split(errb.String(), "\n") {
			if len(line) > 2000 {
				t.Errorf("run %d: a %d-byte log line", run, len(line))
			}
		}
	}
}
