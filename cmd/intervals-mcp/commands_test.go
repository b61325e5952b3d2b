package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestToolsJSONHasSchemas(t *testing.T) {
	r := runBin(t, nil, "tools", "--json")
	if r.code != 0 {
		t.Fatalf("%+v", r)
	}
	var tools []struct {
		Name        string         `json:"name"`
		Toolset     string         `json:"toolset"`
		Access      string         `json:"access"`
		InputSchema map[string]any `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &tools); err != nil {
		t.Fatal(err)
	}
	if len(tools) < 20 {
		t.Errorf("only %d tools", len(tools))
	}
	for _, tl := range tools {
		if tl.InputSchema["type"] != "object" || tl.Toolset == "" || tl.Access == "" {
			t.Errorf("%s: %+v", tl.Name, tl)
		}
	}
}

func TestToolsListNeedsNoCredentialsAndHonoursFilters(t *testing.T) {
	r := runBin(t, nil, "tools", "--read-only", "--toolsets", "calendar")
	if r.code != 0 {
		t.Fatalf("%+v", r)
	}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[1] != "calendar" || f[2] != "read" {
			t.Errorf("line %q", line)
		}
	}
}

func TestNoDestructiveHidesTheDeletes(t *testing.T) {
	for _, args := range [][]string{{"tools", "--no-destructive"}, {"tools"}} {
		env := []string(nil)
		if len(args) == 1 {
			env = []string{"INTERVALS_NO_DESTRUCTIVE=true"}
		}
		r := runBin(t, env, args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		if strings.Contains(r.stdout, "destructive") || strings.Contains(r.stdout, "delete_") {
			t.Errorf("%v %v lists destructive tools:\n%s", env, args, r.stdout)
		}
		if !strings.Contains(r.stdout, "plan_sessions") || !strings.Contains(r.stdout, " write ") {
			t.Errorf("%v %v should keep the write tools:\n%s", env, args, r.stdout)
		}
	}
}

func TestCallPrintsTheAnswer(t *testing.T) {
	r := runBin(t, nil, "call", "get_athlete_context", "{}", "--demo")
	if r.code != 0 || len(r.stdout) < 100 || !strings.Contains(r.stderr, "demo") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", r.code, r.stdout, r.stderr)
	}
}

func TestCallToolErrorExitsOne(t *testing.T) {
	r := runBin(t, nil, "call", "--demo", "get_events", `{"bogus":true}`)
	if r.code != 1 || !strings.Contains(r.stderr, "unknown argument bogus") || r.stdout != "" {
		t.Errorf("%+v", r)
	}
	r = runBin(t, nil, "call", "--demo", "no_such_tool")
	if r.code != 2 || !strings.Contains(r.stderr, "get_events") {
		t.Errorf("unknown tool should list the tools: %+v", r)
	}
	r = runBin(t, nil, "call", "--demo", "get_events", `{oldest:`)
	if r.code != 2 || !strings.Contains(r.stderr, "not JSON") {
		t.Errorf("bad JSON: %+v", r)
	}
}

func TestCallReadsArgumentsFromStdin(t *testing.T) {
	cmd := command(t, nil, "call", "--demo", "get_events", "-")
	cmd.Stdin = strings.NewReader(`{"bogus": 1}`)
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "unknown argument bogus") {
		t.Errorf("arguments from stdin were not used: %v %s", err, out)
	}
}

func TestReadOnlyKeepsAGetOnlyAPICall(t *testing.T) {
	r := runBin(t, nil, "tools", "--toolsets", "api", "--read-only")
	if r.code != 0 || !strings.Contains(r.stdout, "api_call_operation") {
		t.Fatalf("read-only api toolset should list the GET-only api_call_operation: %+v", r)
	}
	r = runBin(t, nil, "call", "--demo", "--toolsets", "api", "--read-only", "api_call_operation", `{"operation":"deleteEvent","params":{"eventId":1}}`)
	if r.code != 1 || !strings.Contains(r.stderr, "GET") {
		t.Errorf("a delete through the read-only api call must be refused: %+v", r)
	}
}
