package importrules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/intervals-mcp/intervals-mcp"

// pkg is what go list says of a package.
type pkg struct {
	ImportPath string
	Dir        string
	Doc        string
	GoFiles    []string
	Imports    []string
}

func list(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", module+"/...")
	cmd.Dir = "../.."
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list: %v\n%s", err, errb.String())
	}
	var ps []pkg
	for dec := json.NewDecoder(&out); dec.More(); {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// rules are a package's stated rules: the module's packages it may import, and the packages
// it must never import.
type rules struct {
	may, never []string
}

var ourPath = regexp.MustCompile(`\b(?:internal|gen|cmd|openapi)/[a-z0-9_/-]*[a-z0-9]`)

// parseRules reads the "Imports:" and "Never imports:" lines of a doc comment (each runs to
// the end of its sentence, which may wrap). ok is false without an Imports line.
func parseRules(doc string) (r rules, ok bool) {
	text := strings.Join(strings.Fields(doc), " ")
	sentence := func(label string) (string, bool) {
		i := strings.Index(text, label)
		if i < 0 {
			return "", false
		}
		s := text[i+len(label):]
		if end := strings.Index(s, ". "); end >= 0 {
			s = s[:end]
		}
		return strings.TrimSuffix(s, "."), true
	}
	if s, found := sentence("Never imports:"); found {
		for _, f := range strings.Split(s, ",") {
			if f = strings.TrimSpace(strings.Fields(f + " x")[0]); f != "" && f != "x" {
				r.never = append(r.never, f)
			}
		}
	}
	s, found := sentence("\nImports:")
	if !found {
		s, found = sentence("Imports:")
	}
	if !found {
		return r, false
	}
	if i := strings.Index(s, "Never imports:"); i >= 0 {
		s = s[:i]
	}
	r.may = ourPath.FindAllString(s, -1)
	return r, true
}

// docComment is the package comment of the package in dir, read from its doc.go.
func docComment(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		return "", err
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "package ") {
			return strings.Join(lines, "\n"), nil
		}
		if c, ok := strings.CutPrefix(l, "//"); ok {
			lines = append(lines, strings.TrimPrefix(c, " "))
		} else if strings.TrimSpace(l) == "" {
			lines = lines[:0] // a comment not attached to the package clause
		}
	}
	return "", fmt.Errorf("no package clause in doc.go")
}

// TestImportRules holds every package to the rules of its doc.go.
func TestImportRules(t *testing.T) {
	ps := list(t)
	if len(ps) < 20 {
		t.Fatalf("go list found %d packages: is the test run from the module?", len(ps))
	}
	for _, p := range ps {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		doc, err := docComment(p.Dir)
		if err != nil {
			t.Errorf("%s: %v: each package's doc.go says its job and what it may import (a line \"Imports: ...\")", rel, err)
			continue
		}
		r, ok := parseRules(doc)
		if !ok {
			t.Errorf("%s: doc.go has no \"Imports:\" line saying what the package may import", rel)
			continue
		}
		for _, imp := range p.Imports {
			ours, isOurs := strings.CutPrefix(imp, module+"/")
			switch {
			case isOurs && strings.HasPrefix(ours, "cmd/"):
				t.Errorf("%s imports %s: nothing imports the composition root", rel, ours)
			case isOurs && !slices.Contains(r.may, ours):
				may := strings.Join(r.may, ", ")
				if may == "" {
					may = "nothing internal"
				}
				t.Errorf("%s imports %s, which its doc.go does not allow (Imports: %s)", rel, ours, may)
			}
			if !isOurs {
				ours = imp
			}
			if slices.Contains(r.never, ours) {
				t.Errorf("%s imports %s, which its doc.go forbids (Never imports: %s)", rel, ours, strings.Join(r.never, ", "))
			}
		}
	}
}

// The rules are read as written.
func TestParseRules(t *testing.T) {
	r, ok := parseRules("Package x does y.\n\nImports: gen/intervals, internal/caller and\ninternal/store; never the MCP server. Never imports: net/http, internal/fakeicu.\n")
	if !ok || !slices.Equal(r.may, []string{"gen/intervals", "internal/caller", "internal/store"}) || !slices.Equal(r.never, []string{"net/http", "internal/fakeicu"}) {
		t.Errorf("parseRules = %+v, %v", r, ok)
	}
	if r, ok := parseRules("Package x.\n\nImports: nothing internal.\n"); !ok || len(r.may) != 0 {
		t.Errorf("nothing internal = %+v, %v", r, ok)
	}
	if _, ok := parseRules("Package x does y."); ok {
		t.Error("a doc without Imports has rules")
	}
}
