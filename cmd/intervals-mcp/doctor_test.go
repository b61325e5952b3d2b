package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

// The report's lines are internal/doctor's tests; these run the command: its flags, where
// its settings come from, its exit codes.

// doctorAgainst runs doctor against a fake served on a local port, with the given
// credentials and extra arguments.
func doctorAgainst(t *testing.T, opts fakeicu.Options, env []string, args ...string) result {
	t.Helper()
	_, url := fakeicutest.Start(t, opts)
	return runBin(t, append([]string{"INTERVALS_API_BASE_URL=" + url}, env...), append([]string{"doctor"}, args...)...)
}

func wantLines(t *testing.T, r result, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(r.stdout, l) {
			t.Errorf("the report lacks %q:\n%s%s", l, r.stdout, r.stderr)
		}
	}
}

func TestDoctorPasses(t *testing.T) {
	t.Parallel()
	const key = "doctor-key-0123456789"
	r := doctorAgainst(t, fakeicu.Options{APIKey: key}, []string{"API_KEY=" + key}, "--athlete", fakeicu.DemoAthleteID)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	wantLines(t, r,
		"ok    API key                set, 21 characters, sent as Basic auth with user API_KEY (from environment API_KEY)",
		"ok    athlete                i100001 (from flag --athlete)",
		"(from environment INTERVALS_API_BASE_URL)",
		"Result: PASS")
	if strings.Contains(r.stdout+r.stderr, key) {
		t.Error("the report shows the key")
	}
}

func TestDoctorDemo(t *testing.T) {
	t.Parallel()
	r := runBin(t, nil, "doctor", "--demo")
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	wantLines(t, r, "--demo: the built-in fake", "time zone Australia/Sydney", "Result: PASS")
}

func TestDoctorSettingsFromDotenv(t *testing.T) {
	t.Parallel()
	cmd := command(t, nil, "doctor")
	_, url := fakeicutest.Start(t, fakeicu.Options{})
	dotenv := "API_KEY=" + fakeicu.DefaultAPIKey + "\nINTERVALS_API_BASE_URL=" + url + "\n"
	if err := os.WriteFile(filepath.Join(cmd.Dir, ".env"), []byte(dotenv), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	r := result{stdout: out.String()}
	wantLines(t, r, "(from API_KEY in .env)", "(from INTERVALS_API_BASE_URL in .env)", "athlete                0 (from default)", "Result: PASS")
}

func TestDoctorNoKey(t *testing.T) {
	t.Parallel()
	r := runBin(t, nil, "doctor")
	if r.code != 1 || r.stderr != "intervals-mcp: doctor found a problem (above)\n" {
		t.Fatalf("exit %d, want 1 and the problem said on stderr:\n%s%s", r.code, r.stdout, r.stderr)
	}
	wantLines(t, r, "FAIL  API key                not set", "Result: FAIL")
}

func TestDoctorStrict(t *testing.T) {
	t.Parallel()
	opts := fakeicu.Options{Faults: []fakeicu.Fault{{Kind: fakeicu.FaultExtraField, Operation: "listGear"}}}
	env := []string{"API_KEY=" + fakeicu.DefaultAPIKey}
	if r := doctorAgainst(t, opts, env); r.code != 0 {
		t.Fatalf("exit %d, want 0 (a warning):\n%s", r.code, r.stdout)
	}
	if r := doctorAgainst(t, opts, env, "--strict"); r.code != 1 || !strings.Contains(r.stdout, "Result: FAIL under --strict") {
		t.Errorf("--strict: exit %d\n%s", r.code, r.stdout)
	}
}

func TestDoctorRefusesArguments(t *testing.T) {
	t.Parallel()
	r := runBin(t, nil, "doctor", "--demo", "stray-secret-word")
	if r.code != 2 || !strings.Contains(r.stderr, "doctor takes no arguments, only flags (see intervals-mcp doctor -h)") ||
		strings.Contains(r.stdout+r.stderr, "stray-secret-word") || r.stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
