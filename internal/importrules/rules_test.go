package importrules

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/intervals-mcp/intervals-mcp"

// row is one package's import rules: the packages of this module it may import, and the
// packages it must never import (of this module, or any other, the standard library's
// included), each list space-separated, paths relative to the module for ours.
type row struct{ pkg, may, never string }

// rows are the rules, one row per package of this module; each package's doc.go says its
// own in words. A never of this module's repeats what may leaves out, on purpose: it is
// the rule that must survive an edit of may (a package in both is an error).
var rows = []row{
	{"cmd/intervals-mcp", "gen/intervals internal/auth internal/caller internal/config internal/doctor internal/fakeicu internal/install internal/journal internal/manifest internal/metrics internal/server internal/store internal/toolcall internal/tools internal/tools/samples internal/transport", ""},
	{"gen/intervals", "", ""},
	{"internal/auth", "gen/intervals internal/caller internal/metrics internal/store", "internal/server internal/transport internal/fakeicu"},
	{"internal/bench", "gen/intervals internal/fakeicu internal/manifest internal/server internal/toolcall internal/tools/samples internal/transport", ""},
	{"internal/bench/run", "internal/bench internal/tools", ""},
	{"internal/browsertest", "", ""},
	{"internal/caller", "", ""},
	{"internal/charts", "internal/format internal/load", "gen/intervals internal/store internal/server os net/http"},
	{"internal/config", "internal/manifest", "internal/server internal/store gen/intervals"},
	{"internal/doctor", "gen/intervals internal/config internal/fakeicu internal/manifest internal/server internal/toolcall internal/tools internal/tools/samples", "internal/transport internal/auth"},
	{"internal/e2e", "", ""},
	{"internal/fakeicu", "gen/intervals internal/fakeicu/api internal/fakeicu/synth internal/workout", "internal/server internal/tools internal/auth internal/store"},
	{"internal/fakeicu/api", "gen/intervals", ""},
	{"internal/fakeicu/fakeicutest", "internal/fakeicu", ""},
	{"internal/fakeicu/synth", "gen/intervals internal/fakeicu/api internal/load", "internal/fakeicu crypto/rand math/rand os"},
	{"internal/fixtures", "", ""},
	{"internal/format", "gen/intervals internal/load", "os net/http"},
	{"internal/goldenfile", "", ""},
	{"internal/importrules", "", ""},
	{"internal/install", "", ""},
	{"internal/journal", "gen/intervals internal/caller internal/metrics internal/store internal/toolcall", "internal/server internal/transport internal/tools"},
	{"internal/journal/journaltest", "gen/intervals internal/fakeicu internal/store", ""},
	{"internal/load", "", "os net/http"},
	{"internal/manifest", "internal/toolcall", ""},
	{"internal/metrics", "", "net/http"},
	{"internal/release", "", ""},
	{"internal/release/image", "internal/release", ""},
	{"internal/release/mcpb", "internal/release", ""},
	{"internal/schema", "", ""},
	{"internal/schema/infer", "gen/intervals internal/schema", "internal/tools internal/server"},
	{"internal/server", "gen/intervals internal/caller internal/journal internal/manifest internal/metrics internal/schema internal/toolcall", "net/http internal/store internal/transport internal/auth internal/fakeicu"},
	{"internal/server/mcptest", "gen/intervals internal/fakeicu internal/manifest internal/schema/infer internal/toolcall", "internal/server"},
	{"internal/store", "", ""},
	{"internal/store/storetest", "internal/store", ""},
	{"internal/toolcall", "gen/intervals internal/caller", ""},
	{"internal/tools", "gen/intervals internal/charts internal/format internal/load internal/manifest internal/store internal/toolcall internal/workout", "internal/server internal/transport internal/auth internal/config internal/fakeicu"},
	{"internal/tools/samples", "internal/fakeicu/synth", "internal/tools"},
	{"internal/transport", "internal/caller internal/manifest internal/metrics internal/server", "internal/auth internal/store internal/fakeicu"},
	{"internal/transport/stdiotest", "", ""},
	{"internal/workout", "", "os net/http"},
	{"openapi/prep", "", ""},
}

// pkg is what go list says of a package (its imports are those of its non-test files).
type pkg struct {
	ImportPath string
	Dir        string
	Imports    []string
}

// list runs go list over the module.
func list(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Dir,Imports", module+"/...")
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

// rel is an import path relative to the module, and whether it is the module's.
func rel(path string) (string, bool) {
	if path == module {
		return "", true
	}
	return strings.CutPrefix(path, module+"/")
}

// check holds packages to rows and returns what breaks them, one problem a line: a package
// without a row, a row twice, a row (or a may entry) for a package that does not exist, a
// package in both lists of a row, an import of cmd/, and an import outside may or in never.
func check(pkgs []pkg, rows []row) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	exists := map[string]bool{}
	for _, p := range pkgs {
		r, _ := rel(p.ImportPath)
		exists[r] = true
	}
	byPkg := map[string]row{}
	for _, r := range rows {
		if _, twice := byPkg[r.pkg]; twice {
			bad("%s has two rows: keep one", r.pkg)
		}
		byPkg[r.pkg] = r
	}
	for _, r := range rows {
		if !exists[r.pkg] {
			bad("%s has a row but is no package of the module: delete the row", r.pkg)
		}
		for _, m := range strings.Fields(r.may) {
			if !exists[m] {
				bad("%s may import %s, which is no package of the module: drop it from the row", r.pkg, m)
			}
			if slices.Contains(strings.Fields(r.never), m) {
				bad("%s's row has %s in may and in never: choose", r.pkg, m)
			}
		}
	}
	for _, p := range pkgs {
		name, _ := rel(p.ImportPath)
		r, ok := byPkg[name]
		if !ok {
			bad("%s has no row: add one saying what of this module it may import (and what it must never)", name)
			continue
		}
		may, never := strings.Fields(r.may), strings.Fields(r.never)
		for _, imp := range p.Imports {
			ours, isOurs := rel(imp)
			switch {
			case isOurs && strings.HasPrefix(ours, "cmd/"):
				bad("%s imports %s: nothing imports the composition root", name, ours)
			case isOurs && !slices.Contains(may, ours):
				bad("%s imports %s, which its row does not allow (may: %s)", name, ours, cmp.Or(r.may, "nothing of this module"))
			}
			if !isOurs {
				ours = imp
			}
			if slices.Contains(never, ours) {
				bad("%s imports %s, which its row forbids (never: %s)", name, ours, r.never)
			}
		}
	}
	return problems
}

// TestImportRules holds every package of the module to its row.
func TestImportRules(t *testing.T) {
	ps := list(t)
	if len(ps) < 20 {
		t.Fatalf("go list found %d packages: is the test run from the module?", len(ps))
	}
	for _, p := range check(ps, rows) {
		t.Error(p)
	}
}

// TestEachPackageSaysItsImportsInWords: the table holds the rules, and each package's
// doc.go says them to its reader, in a sentence that starts "Imports:".
func TestEachPackageSaysItsImportsInWords(t *testing.T) {
	for _, p := range list(t) {
		name, _ := rel(p.ImportPath)
		b, err := os.ReadFile(filepath.Join(p.Dir, "doc.go"))
		if err != nil {
			t.Errorf("%s: %v: each package's doc.go says its job and, in a sentence \"Imports: ...\", what it may import", name, err)
			continue
		}
		if !bytes.Contains(b, []byte("// Imports: ")) {
			t.Errorf("%s: doc.go does not say what the package may import (a sentence \"Imports: ...\")", name)
		}
	}
}

// TestCheckFindsEachBreak: each rule check holds fails on the input that breaks it.
func TestCheckFindsEachBreak(t *testing.T) {
	ours := func(r string) string { return module + "/" + r }
	pkgs := []pkg{
		{ImportPath: ours("internal/server"), Imports: []string{"context", "net/http", ours("internal/store"), ours("internal/fakeicu")}},
		{ImportPath: ours("internal/store")},
		{ImportPath: ours("internal/fakeicu"), Imports: []string{ours("cmd/intervals-mcp")}},
		{ImportPath: ours("internal/orphan")},
		{ImportPath: ours("cmd/intervals-mcp"), Imports: []string{ours("internal/server")}},
	}
	rows := []row{
		{"internal/server", "internal/store internal/journal internal/gone", "net/http internal/fakeicu internal/store"},
		{"internal/store", "", ""},
		{"internal/store", "", ""},
		{"internal/fakeicu", "", ""},
		{"cmd/intervals-mcp", "internal/server", ""},
		{"internal/removed", "", ""},
	}
	want := []string{
		"internal/store has two rows: keep one",
		"internal/server may import internal/journal, which is no package of the module: drop it from the row",
		"internal/server may import internal/gone, which is no package of the module: drop it from the row",
		"internal/server's row has internal/store in may and in never: choose",
		"internal/removed has a row but is no package of the module: delete the row",
		"internal/server imports net/http, which its row forbids (never: net/http internal/fakeicu internal/store)",
		"internal/server imports internal/store, which its row forbids (never: net/http internal/fakeicu internal/store)",
		"internal/server imports internal/fakeicu, which its row does not allow (may: internal/store internal/journal internal/gone)",
		"internal/server imports internal/fakeicu, which its row forbids (never: net/http internal/fakeicu internal/store)",
		"internal/fakeicu imports cmd/intervals-mcp: nothing imports the composition root",
		"internal/orphan has no row: add one saying what of this module it may import (and what it must never)",
	}
	got := check(pkgs, rows)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("check found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := check(pkgs[1:2], rows[1:2]); len(p) != 0 {
		t.Errorf("a package that keeps its row: %v", p)
	}
}
