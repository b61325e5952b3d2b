package intervals

import (
	"sort"
	"strings"
)

// docRow is one parameter of an operation, or one property of a schema (docs.gen.go).
type docRow struct {
	Owner, Name string // operationId or schema name; parameter or property name
	Doc         FieldDoc
}

type enumRow struct {
	Owner  string
	Values []string
}

// ParamDoc returns what the spec says of an operation's parameter, e.g.
// ParamDoc("listEvents", "oldest").
func ParamDoc(operationID, name string) (FieldDoc, bool) {
	return find(paramDocRows, operationID, name)
}

// ParamDocs returns an operation's parameters by name (nil for an unknown operation).
func ParamDocs(operationID string) map[string]FieldDoc { return group(paramDocRows, operationID) }

// SchemaDoc returns what the spec says of a schema's property, e.g. SchemaDoc("Event", "category").
func SchemaDoc(schema, property string) (FieldDoc, bool) {
	return find(schemaDocRows, schema, property)
}

// SchemaDocs returns a schema's properties by name; ok is false for an unknown schema.
func SchemaDocs(schema string) (props map[string]FieldDoc, ok bool) {
	props = group(schemaDocRows, schema)
	return props, props != nil
}

// SchemaEnum returns the values of a string enum schema, e.g. SchemaEnum("SportType").
func SchemaEnum(schema string) []string {
	i := sort.Search(len(schemaEnumRows), func(i int) bool { return schemaEnumRows[i].Owner >= schema })
	if i < len(schemaEnumRows) && schemaEnumRows[i].Owner == schema {
		return schemaEnumRows[i].Values
	}
	return nil
}

func find(rows []docRow, owner, name string) (FieldDoc, bool) {
	i := sort.Search(len(rows), func(i int) bool {
		if c := strings.Compare(rows[i].Owner, owner); c != 0 {
			return c > 0
		}
		return rows[i].Name >= name
	})
	if i < len(rows) && rows[i].Owner == owner && rows[i].Name == name {
		return rows[i].Doc, true
	}
	return FieldDoc{}, false
}

func group(rows []docRow, owner string) map[string]FieldDoc {
	i := sort.Search(len(rows), func(i int) bool { return rows[i].Owner >= owner })
	var m map[string]FieldDoc
	for ; i < len(rows) && rows[i].Owner == owner; i++ {
		if m == nil {
			m = map[string]FieldDoc{}
		}
		m[rows[i].Name] = rows[i].Doc
	}
	return m
}
