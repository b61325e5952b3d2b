package tools

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestANewEventCategoryReachesTheToolSchemas follows a change of the API from the spec to the
// tools' schemas, as `make generate docs` does: a copy of the spec with one more event
// category goes through openapi/prep, oapi-codegen and prep -methods (the commands
// gen/intervals runs through go generate), the generated files replace gen/intervals' (go
// build -overlay), and TestSchemaSnapshots -update writes the schemas into a temporary file.
// The new category must be in the schema of every tool whose category argument is the spec's
// enum (add_or_update_event names the everyday ones only and checks against the same generated
// enum: TestAddOrUpdateEventTakesEveryCategoryOfTheSpec).
func TestANewEventCategoryReachesTheToolSchemas(t *testing.T) {
	if testing.Short() {
		t.Skip("regenerates the client: not with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "openapi", "intervals-icu.json"))
	if os.IsNotExist(err) {
		t.Skip("needs the spec, openapi/intervals-icu.json (make spec)")
	} else if err != nil {
		t.Fatal(err)
	}
	const added = "NEW_CATEGORY"
	tmp := t.TempDir()
	spec := filepath.Join(tmp, "intervals-icu.json")
	if err := os.WriteFile(spec, withEventCategory(t, raw, added), 0o644); err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(root, "gen", "intervals")
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	goCmd("run", "./openapi/prep", "-in", spec, "-out", filepath.Join(tmp, "spec.json"),
		"-ops", filepath.Join(tmp, "operations.gen.go"), "-docs", filepath.Join(tmp, "docs.gen.go"))
	// The client's configuration, but for where it writes (its output wins over -o).
	conf, err := os.ReadFile(filepath.Join(root, "openapi", "client.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(conf, []byte("\noutput: intervals.gen.go\n")) {
		t.Fatal("openapi/client.yaml no longer says output: intervals.gen.go")
	}
	conf = bytes.Replace(conf, []byte("\noutput: intervals.gen.go\n"), []byte("\noutput: "+filepath.Join(tmp, "intervals.gen.go")+"\n"), 1)
	if err := os.WriteFile(filepath.Join(tmp, "client.yaml"), conf, 0o644); err != nil {
		t.Fatal(err)
	}
	goCmd("run", "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen", "-config", filepath.Join(tmp, "client.yaml"), filepath.Join(tmp, "spec.json"))
	goCmd("run", "./openapi/prep", "-in", filepath.Join(tmp, "spec.json"), "-client", filepath.Join(tmp, "intervals.gen.go"),
		"-methods", filepath.Join(tmp, "methods.gen.go"))
	replace := map[string]string{}
	for _, f := range []string{"operations.gen.go", "docs.gen.go", "intervals.gen.go", "methods.gen.go"} {
		replace[filepath.Join(gen, f)] = filepath.Join(tmp, f)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": replace})
	if err := os.WriteFile(filepath.Join(tmp, "overlay.json"), overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	schemas := filepath.Join(tmp, "schemas.json")
	goCmd("test", "-overlay", filepath.Join(tmp, "overlay.json"), "-count=1", "-run", "^TestSchemaSnapshots$", "./internal/tools", "-args", "-update", "-schemas", schemas)
	regenerated, committed := schemaFile(t, schemas), schemaFile(t, "schemas.json")
	for _, tool := range []string{"get_events", "delete_events_by_date_range"} {
		if !bytes.Contains(regenerated[tool], []byte(`"`+added+`"`)) {
			t.Errorf("%s: the regenerated schema lacks %s:\n%s", tool, added, regenerated[tool])
		}
		if bytes.Contains(committed[tool], []byte(added)) {
			t.Errorf("%s: the committed schema already has %s", tool, added)
		}
	}
}

// withEventCategory adds category to every enum of event categories in the spec (the
// category properties of Event, EventEx and the others).
func withEventCategory(t *testing.T, raw []byte, category string) []byte {
	t.Helper()
	var spec map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&spec); err != nil {
		t.Fatal(err)
	}
	components, _ := spec["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	n := 0
	for _, s := range schemas {
		props, _ := s.(map[string]any)["properties"].(map[string]any)
		cat, _ := props["category"].(map[string]any)
		enum, _ := cat["enum"].([]any)
		if slices.Contains(enum, any("WORKOUT")) && slices.Contains(enum, any("RACE_A")) {
			cat["enum"] = append(enum, category)
			n++
		}
	}
	if n == 0 {
		t.Fatal("the spec has no enum of event categories")
	}
	out, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
