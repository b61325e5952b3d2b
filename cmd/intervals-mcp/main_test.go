package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bin is the intervals-mcp binary built once for all tests, as users run it.
var bin string

const testVersion = "v0.0.0-test"

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "intervals-mcp-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "intervals-mcp")
	build := exec.Command("go", "build", "-ldflags", "-X github.com/intervals-mcp/intervals-mcp/gen/intervals.Version="+testVersion, "-o", bin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build intervals-mcp:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// command returns the binary's command with a clean environment (no API key from the
// machine) in an empty directory (no .env), plus env.
func command(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = t.TempDir()
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + cmd.Dir}, env...)
	return cmd
}

type result struct {
	stdout, stderr string
	code           int
}

func runBin(t *testing.T, env []string, args ...string) result {
	t.Helper()
	return runBinIn(t, env, nil, args...)
}

// runBinIn is runBin with stdin (nil: none).
func runBinIn(t *testing.T, env []string, stdin io.Reader, args ...string) result {
	t.Helper()
	cmd := command(t, env, args...)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

// stdioSession starts "intervals-mcp args..." and connects a go-sdk client over stdio.
func stdioSession(t *testing.T, env []string, args ...string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	cmd := command(t, env, args...)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

func TestStdioDemoServesTheCatalog(t *testing.T) {
	cs := stdioSession(t, nil, "--demo")
	ctx := context.Background()
	if got := cs.InitializeResult().ServerInfo.Version; got != testVersion {
		t.Errorf("server version %q, want the -ldflags one", got)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tl := range tools.Tools {
		names[tl.Name] = true
	}
	if !names["get_athlete_context"] || !names["get_events"] {
		t.Fatalf("tools: %v", names)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_athlete_context", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(mcptest.Text(res)) < 100 {
		t.Errorf("get_athlete_context on the demo athlete: isError=%v %q", res.IsError, mcptest.Text(res))
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_events", Arguments: map[string]any{"bogus": 1}})
	if err != nil || !res.IsError || !strings.Contains(mcptest.Text(res), "bogus") {
		t.Errorf("bad argument: %v %q", err, mcptest.Text(res))
	}
	resources, err := cs.ListResources(ctx, nil)
	if err != nil || len(resources.Resources) == 0 {
		t.Fatalf("resources: %v", err)
	}
	doc, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: resources.Resources[0].URI})
	if err != nil || len(doc.Contents) != 1 || len(doc.Contents[0].Text) < 50 {
		t.Errorf("read %s: %v", resources.Resources[0].URI, err)
	}
	if prompts, err := cs.ListPrompts(ctx, nil); err != nil || len(prompts.Prompts) == 0 {
		t.Errorf("prompts: %v", err)
	}
}

func TestServeIsTheDefaultCommand(t *testing.T) {
	cs := stdioSession(t, nil, "serve", "--demo", "--read-only")
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools.Tools {
		if !tl.Annotations.ReadOnlyHint {
			t.Errorf("--read-only lists %s", tl.Name)
		}
	}
}

func TestVersion(t *testing.T) {
	r := runBin(t, nil, "version")
	if r.code != 0 || !strings.Contains(r.stdout, testVersion) {
		t.Errorf("%+v", r)
	}
}

func TestMissingCredentialsSaysHowToGetThem(t *testing.T) {
	for _, args := range [][]string{nil, {"serve"}, {"call", "get_events"}} {
		r := runBin(t, nil, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "Developer Settings") || !strings.Contains(r.stderr, "i12345") || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q", args, r.code, r.stderr, r.stdout)
		}
	}
}

func TestUnknownCommandAndBadSettingsAreUsageErrors(t *testing.T) {
	if r := runBin(t, nil, "frobnicate"); r.code != 2 || !strings.Contains(r.stderr, "unknown command") {
		t.Errorf("%+v", r)
	}
	if r := runBin(t, nil, "serve", "--bogus"); r.code != 2 || !strings.Contains(r.stderr, "-bogus") || !strings.Contains(r.stderr, "-transport") {
		t.Errorf("unknown flag: %+v", r)
	}
	if r := runBin(t, []string{"MCP_TRANSPORT=carrier-pigeon"}, "--demo"); r.code != 2 || !strings.Contains(r.stderr, "use stdio, http") {
		t.Errorf("%+v", r)
	}
}

func TestFlagOnlyCommandsRefuseArguments(t *testing.T) {
	// install takes a client name, and does not repeat a wrong one either
	// (TestInstallWithoutClientListsThem).
	for _, cmd := range []string{"serve", "tools", "fake"} {
		r := runBin(t, nil, cmd, "--demo", "stray-secret-word")
		if cmd == "fake" {
			r = runBin(t, nil, cmd, "stray-secret-word")
		}
		if r.code != 2 || !strings.Contains(r.stderr, cmd+" takes no arguments, only flags (see intervals-mcp "+cmd+" -h)") || strings.Contains(r.stderr, "stray-secret-word") {
			t.Errorf("%s with an argument: exit %d, stderr %q", cmd, r.code, r.stderr)
		}
	}
}
