package format

import "strings"

// Answers of many like rows (days, activities, projected days) are tables: a header line
// naming the columns, each with its unit, then one comma-separated line a row, "-" in a cell
// the row does not have. A unit or a label is then said once, not on every line.

// row joins a table's cells.
func row(cells ...string) string { return strings.Join(cells, ",") }

// csvText is free text as a cell: in double quotes, a quote in it doubled.
func csvText(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// csvName is a name as a table's cell: quoted when it holds a comma or a quote, "(no name)"
// when it has none.
func csvName(s *string) string {
	name := strings.TrimSpace(str(s))
	switch {
	case name == "":
		return "(no name)"
	case strings.ContainsAny(name, `,"`):
		return csvText(name)
	}
	return name
}
