package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readmeBlocks are the fenced code blocks of a section of README.md, in order, each with
// its language.
func readmeBlocks(t *testing.T, heading string) (langs, blocks []string) {
	t.Helper()
	b, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for rest := section; ; {
		_, after, ok := strings.Cut(rest, "```")
		if !ok {
			return langs, blocks
		}
		lang, after, _ := strings.Cut(after, "\n")
		body, after, _ := strings.Cut(after, "```")
		langs, blocks, rest = append(langs, lang), append(blocks, body), after
	}
}

// TestREADMEGoClientRunsOnTheFake does what README.md's "Use the Go client on its own" says,
// as written: beside a clone (here, this checkout), a new module replacing ours with it, its
// main.go the README's, go mod tidy, the fake Intervals.icu started with intervals-mcp fake,
// and go run against it, which lists the demo athlete's recent activities. (No network: the
// modules come from the module cache, as after the clone's own build.)
func TestREADMEGoClientRunsOnTheFake(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds a module of its own")
	}
	langs, blocks := readmeBlocks(t, "## Use the Go client on its own")
	if strings.Join(langs, " ") != "sh go sh" {
		t.Fatalf("the section's blocks are %q, want sh, go, sh", langs)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(root, filepath.Join(dir, "intervals-mcp")); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"GOPROXY=off", "GOSUMDB=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"}
	for _, k := range []string{"HOME", "GOPATH", "GOMODCACHE", "GOCACHE", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	sh := func(script, in string) string {
		t.Helper()
		cmd := exec.Command("bash", "-e", "-c", script)
		cmd.Dir, cmd.Env = in, env
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the fake it starts goes with it
		cmd.WaitDelay = time.Second                           // the fake holds the output open
		out, err := cmd.CombinedOutput()
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
			t.Fatalf("%s\n%v\n%s", script, err, out)
		}
		return string(out)
	}
	sh(blocks[0], dir)
	tool := filepath.Join(dir, "my-tool")
	if err := os.WriteFile(filepath.Join(tool, "main.go"), []byte(blocks[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	out := sh(blocks[2], tool)
	lines := 0
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 3 && strings.Contains(f[0], "T") && (f[1] == "Ride" || f[1] == "Run" || f[1] == "Swim" || f[1] == "VirtualRide") {
			lines++
		}
	}
	if lines < 3 {
		t.Errorf("the example listed %d activities of the demo athlete's last 14 days:\n%s", lines, out)
	}
}
