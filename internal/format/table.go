package format

import (
	"fmt"
	"strings"
	"time"
)

// Answers of many like rows (days, activities, projected days) are tables: a header line
// naming the columns, each with its unit, then one comma-separated line a row, "-" in a cell
// the row does not have. A unit, a label or the year of the dates is then said once, not on
// every line.

// tableDays writes the dates of a table's rows, each with its weekday. When every row is in
// one year, the year is said once, in the column's name ("day (2026)"), and a row has "Mon
// 11-30"; else each row has its full date, "Mon 2026-11-30".
type tableDays struct{ year int }

// daysIn is how a table whose rows are on the dates ds writes them.
func daysIn(ds []time.Time) tableDays {
	if len(ds) == 0 {
		return tableDays{}
	}
	for _, d := range ds[1:] {
		if d.Year() != ds[0].Year() {
			return tableDays{}
		}
	}
	return tableDays{ds[0].Year()}
}

// column is the name of the dates' column: "day (2026)", or "day".
func (d tableDays) column(name string) string {
	if d.year == 0 {
		return name
	}
	return fmt.Sprintf("%s (%d)", name, d.year)
}

// day writes a row's date: "Mon 11-30", or "Mon 2026-11-30".
func (d tableDays) day(t time.Time) string {
	if d.year == 0 {
		return Day(t)
	}
	return t.Format("Mon 01-02")
}

// dates reads YYYY-MM-DD dates ("" where one is not a date).
func dates(ss ...string) []time.Time {
	var out []time.Time
	for _, s := range ss {
		if t, err := time.Parse("2006-01-02", s); err == nil {
			out = append(out, t)
		}
	}
	return out
}

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
