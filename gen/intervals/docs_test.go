package intervals

import (
	"slices"
	"testing"
)

func TestDocLookups(t *testing.T) {
	d, ok := ParamDoc("listEvents", "oldest")
	if !ok || d.In != "query" || d.Description == "" {
		t.Errorf("ParamDoc(listEvents, oldest) = %+v, %v", d, ok)
	}
	if _, ok := ParamDoc("listEvents", "nope"); ok {
		t.Error("an unknown parameter must not be found")
	}
	if ps := ParamDocs("listEvents"); ps["newest"].In != "query" || ps["id"].In != "path" {
		t.Errorf("ParamDocs(listEvents) = %v", ps)
	}
	if ParamDocs("noSuchOperation") != nil {
		t.Error("an unknown operation has no parameters")
	}
	c, ok := SchemaDoc("Event", "category")
	if !ok || !slices.Contains(c.Enum, "RACE_A") {
		t.Errorf("SchemaDoc(Event, category) = %+v, %v", c, ok)
	}
	if props, ok := SchemaDocs("Wellness"); !ok || props["ctl"].Type != "number" {
		t.Errorf("SchemaDocs(Wellness): %v %v", props["ctl"], ok)
	}
	if s := SchemaEnum("SportType"); !slices.Contains(s, "VirtualRide") || !slices.Contains(s, "Swim") {
		t.Errorf("SchemaEnum(SportType) = %v", s)
	}
}

// The lookups binary-search the tables: they must be sorted the way find compares.
func TestDocTablesAreSorted(t *testing.T) {
	for name, rows := range map[string][]docRow{"params": paramDocRows, "schemas": schemaDocRows} {
		for i := 1; i < len(rows); i++ {
			a, b := rows[i-1], rows[i]
			if a.Owner > b.Owner || a.Owner == b.Owner && a.Name >= b.Name {
				t.Fatalf("%s rows %d and %d out of order: %s.%s, %s.%s", name, i-1, i, a.Owner, a.Name, b.Owner, b.Name)
			}
		}
	}
	for i := 1; i < len(schemaEnumRows); i++ {
		if schemaEnumRows[i-1].Owner >= schemaEnumRows[i].Owner {
			t.Fatalf("enum rows out of order at %d", i)
		}
	}
}
