package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNothingLooksUpMethodsByName links the binary and fails when any function in it could
// call a method found by name at run time: reflect's Method or MethodByName with a name the
// compiler cannot see (text/template's evalField is one, and html/template executes
// through it). The linker then gives up removing unused methods and keeps every exported
// method of every type that reaches an interface: 3.5 MB of a 24.4 MB release binary when
// this test was written, with the package inits and page faults that come with them. The
// api toolset and doctor find the client's methods through gen/intervals' generated
// Operation.ClientMethods instead, and the sign-in pages are written with gomponents.
func TestNothingLooksUpMethodsByName(t *testing.T) {
	if testing.Short() {
		t.Skip("links the binary: not with -short")
	}
	cmd := exec.Command("go", "build", "-ldflags=-dumpdep", "-o", filepath.Join(t.TempDir(), "intervals-mcp"), ".")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Each line is an edge of the linker's reachability graph, "from -> to", a symbol
	// followed by <ReflectMethod> where it calls a method by a name it computes.
	var callers, other []string
	sc := bufio.NewScanner(stderr)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.Contains(line, " -> ") {
			if len(other) < 20 {
				other = append(other, line)
			}
			continue
		}
		from, _, _ := strings.Cut(line, " -> ")
		if name, ok := strings.CutSuffix(from, " <ReflectMethod>"); ok && !slices.Contains(callers, name) {
			callers = append(callers, name)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("go build -ldflags=-dumpdep: %v\n%s", err, strings.Join(other, "\n"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(callers) > 0 {
		t.Errorf("these functions look methods up by name, so the linker keeps every exported method of the binary:\n  %s\n"+
			"find methods through a table the compiler sees (as gen/intervals' Operation.ClientMethods does), not reflect's Method or MethodByName",
			strings.Join(callers, "\n  "))
	}
}
