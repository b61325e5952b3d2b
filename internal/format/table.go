package format

import "strings"

// Answers of many like rows (days, activities, projected days) are tables: a header line
// naming the columns, each with its unit, then one comma-separated line a row, "-" in a cell
// the row does not have. A unit or a label is then said once, not on every line.

// row joins a table's cells.
func row(cells ...string) string { return strings.Join(cells, ",") }

// csvText is free text as a cell: in double quotes, a quote in it doubled.
func csvText(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// csvCell is text as a cell: quoted when it holds a comma or a quote.
func csvCell(s string) string {
	if strings.ContainsAny(s, `,"`) {
		return csvText(s)
	}
	return s
}

// csvName is a name as a cell, "(no name)" when it has none.
func csvName(s *string) string { return csvCell(orMissing(strings.TrimSpace(str(s)), "(no name)")) }
