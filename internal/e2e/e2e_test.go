package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestTypeScriptClient(t *testing.T) {
	if os.Getenv("INTERVALS_E2E_REQUIRED") == "" { // make e2e-node and make check set it
		// go test ./... (make test) must pass offline: this test needs node, npm and the npm
		// registry (npm ci), so it runs only where asked for.
		t.Skip("the TypeScript-client test runs under make check and make e2e-node (INTERVALS_E2E_REQUIRED=1): it needs Node.js 18+, npm and the npm registry")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not installed: the TypeScript-client test needs Node.js 18+ and npm (https://nodejs.org)")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm is not installed: the TypeScript-client test needs Node.js 18+ and npm (https://nodejs.org)")
	}
	if _, err := os.Stat("node_modules/@modelcontextprotocol/sdk/package.json"); err != nil {
		out, err := exec.Command(npm, "ci", "--no-audit", "--no-fund").CombinedOutput()
		if err != nil {
			t.Fatalf("npm ci failed (is the npm registry reachable?): %v\n%s", err, out)
		}
	}
	bin := filepath.Join(t.TempDir(), "intervals-mcp")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/intervals-mcp")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(node, "--test", "e2e.test.mjs")
	cmd.Env = append(os.Environ(), "INTERVALS_MCP_BIN="+bin)
	out, err := cmd.CombinedOutput()
	t.Logf("node --test:\n%s", out)
	if err != nil {
		t.Fatalf("the TypeScript client tests failed: %v", err)
	}
}
