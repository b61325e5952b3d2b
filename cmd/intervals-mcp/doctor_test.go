package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

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
		"ok    key                    accepted",
		"ok    athlete                i100001, time zone Australia/Sydney",
		"ok    clock                  this machine's clock is",
		"ok    getAthlete ",
		"listActivities",
		"getActivityStreams",
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

func TestDoctorWrongKey(t *testing.T) {
	t.Parallel()
	r := doctorAgainst(t, fakeicu.Options{}, []string{"API_KEY=not-the-right-key"})
	if r.code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "FAIL  key                    refused (401): the API key is wrong or revoked", "Result: FAIL")
}

func TestDoctorKeyAsBearer(t *testing.T) {
	t.Parallel()
	r := doctorAgainst(t, fakeicu.Options{}, []string{"INTERVALS_ACCESS_TOKEN=" + fakeicu.DefaultAPIKey})
	if r.code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "FAIL  key                    refused (403): access denied: if you sent an API key as a Bearer token, send it as Basic auth")
}

func TestDoctorKeyWithBearerPrefix(t *testing.T) {
	t.Parallel()
	r := runBin(t, []string{"API_KEY=Bearer abcdefghijkl"}, "doctor")
	if r.code != 1 || strings.Contains(r.stdout, "abcdefghijkl") {
		t.Fatalf("exit %d, want 1, key not shown:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, `FAIL  API key                it starts with "Bearer "`)
}

func TestDoctorNoKey(t *testing.T) {
	t.Parallel()
	r := runBin(t, nil, "doctor")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "FAIL  API key                not set", "intervals.icu/settings")
}

func TestDoctorUnknownAthlete(t *testing.T) {
	t.Parallel()
	r := doctorAgainst(t, fakeicu.Options{}, []string{"API_KEY=" + fakeicu.DefaultAPIKey, "ATHLETE_ID=i999999"})
	if r.code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "ok    key                    accepted (it belongs to athlete i100001)",
		"FAIL  athlete                i999999 cannot be read with this key (403): set ATHLETE_ID", "Result: FAIL")
}

func TestDoctorUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	r := runBin(t, []string{"API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_API_BASE_URL=http://" + addr}, "doctor")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1:\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "FAIL  reachable              no answer:", "connection refused", "Result: FAIL")
}

func TestDoctorListsUnknownFields(t *testing.T) {
	t.Parallel()
	opts := fakeicu.Options{Faults: []fakeicu.Fault{{Kind: fakeicu.FaultExtraField, Operation: "listGear"}}}
	env := []string{"API_KEY=" + fakeicu.DefaultAPIKey}
	r := doctorAgainst(t, opts, env)
	if r.code != 0 {
		t.Fatalf("exit %d, want 0 (a warning):\n%s", r.code, r.stdout)
	}
	wantLines(t, r, "warn  listGear               1 call, decoded as []Gear; fields the client does not know: Gear[]."+fakeicu.ExtraField+" (string)", "Result: PASS with")
	if strings.Contains(r.stdout, `"extra"`) {
		t.Error("the report shows the field's value")
	}
	if r := doctorAgainst(t, opts, env, "--strict"); r.code != 1 || !strings.Contains(r.stdout, "Result: FAIL under --strict") {
		t.Errorf("--strict: exit %d\n%s", r.code, r.stdout)
	}
}
