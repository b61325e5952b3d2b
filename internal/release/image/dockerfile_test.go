package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestDockerfileBuildsTheSameImage holds internal/release/deploy/Dockerfile to what make
// image builds: from an empty base, the same files (rootfs and the binary), user,
// environment, port, volume, health check, entrypoint and arguments.
func TestDockerfileBuildsTheSameImage(t *testing.T) {
	b, err := os.ReadFile("../deploy/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		got[word] = append(got[word], rest)
	}
	jsonList := func(s string) []string {
		var l []string
		if err := json.Unmarshal([]byte(s), &l); err != nil {
			t.Errorf("%q is not a JSON list: %v", s, err)
		}
		return l
	}
	one := func(word string) string {
		if len(got[word]) != 1 {
			t.Fatalf("the Dockerfile has %d %s, want 1", len(got[word]), word)
		}
		return got[word][0]
	}
	if one("FROM") != "scratch" {
		t.Errorf("FROM %s, want scratch (an empty base)", one("FROM"))
	}
	if l := jsonList(one("ENTRYPOINT")); !slices.Equal(l, []string{Entrypoint}) {
		t.Errorf("ENTRYPOINT %v", l)
	}
	if l := jsonList(one("CMD")); !slices.Equal(l, Cmd) {
		t.Errorf("CMD %v, want %v", l, Cmd)
	}
	if one("USER") != User || one("EXPOSE") != Port || one("VOLUME") != DataDir {
		t.Errorf("USER %s, EXPOSE %s, VOLUME %s; want %s, %s, %s", one("USER"), one("EXPOSE"), one("VOLUME"), User, Port, DataDir)
	}
	if env := strings.Fields(one("ENV")); !slices.Equal(env, Env) {
		t.Errorf("ENV %v, want %v", env, Env)
	}
	hc := one("HEALTHCHECK")
	if i := strings.Index(hc, "CMD "); i < 0 || !slices.Equal(jsonList(hc[i+4:]), Healthcheck[1:]) || !strings.Contains(hc, "--interval=30s") {
		t.Errorf("HEALTHCHECK %s, want every 30s: %v", hc, Healthcheck[1:])
	}
	want := []string{"internal/release/image/rootfs/ /", "--chmod=0755 bin/image/intervals-mcp-linux-${TARGETARCH} " + Entrypoint}
	if !slices.Equal(got["COPY"], want) {
		t.Errorf("COPY %q, want %q", got["COPY"], want)
	}
	if w := got["WORKDIR"]; len(w) == 0 || w[len(w)-1] != DataDir {
		t.Errorf("WORKDIR %v, want %s last", w, DataDir)
	}
}
