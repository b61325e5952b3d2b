package bench

import (
	"encoding/csv"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The check of requests_facts_test.go: a fact is what one part of an answer
// must carry, written so that it holds whatever the answer's layout (a list or a table, a
// unit on each line or once in a header): values are matched by number, not by the text
// around them.

// fact is something an answer must carry. Its block is the part of the answer that must
// carry it: the first line containing anchor after the first line containing section (the
// whole answer without an anchor), with the indented lines under it, and the lines that
// contain one of shared (a threshold said once for every sport).
type fact struct {
	what    string   // what the fact is, for the failure message
	section string   // where the anchor is looked for from ("" from the start)
	anchor  string   // the block's line; "" for the whole answer
	shared  []string // lines that count as part of every block too
	values  []string // values (keys: see num, clock, date) the block carries, each as many times as listed
	run     []string // values the block carries in this order, one after the other
	words   []string // text the block contains
}

// valuePattern finds the values of a text: dates, clock times (h:mm:ss, m:ss), numbers with
// a sign, decimals and a percent sign.
var valuePattern = regexp.MustCompile(`\d{4}-\d\d-\d\d|\d+(?::\d\d)+|[-+]?\d+(?:\.\d+)?%?`)

// values are the keys of the values of s, in order. A sign counts only where it is not a
// range's dash ("137-150" is 137 and 150) or part of a word.
func values(s string) []string {
	var out []string
	for _, v := range valuesAt(s) {
		out = append(out, v.key)
	}
	return out
}

// value is a value of a text and where it is.
type value struct {
	key        string
	start, end int
}

// valuesAt are the values of s with their places.
func valuesAt(s string) []value {
	var out []value
	for _, m := range valuePattern.FindAllStringIndex(s, -1) {
		v := s[m[0]:m[1]]
		if m[0] > 0 {
			prev := s[m[0]-1]
			if (v[0] == '-' || v[0] == '+') && (isAlnum(prev) || prev == '-') {
				v = v[1:]
			} else if isAlnum(prev) && v[0] != '-' && v[0] != '+' && !strings.ContainsAny(v, ":") && prev != 'Z' {
				// a number glued to a word (i300006878, 4x400) is a name, not a value; a
				// zone's number (Z2) is still counted
				continue
			}
		}
		out = append(out, value{key(v), m[0], m[1]})
	}
	return out
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// key is how a value is compared: dates and clock times as written, numbers by value (62.00
// is 62, +7% is 7: a unit or a percent sign may be said once, in a header).
func key(v string) string {
	if strings.Contains(v, ":") || len(v) == 10 && v[4] == '-' {
		return v
	}
	f, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSuffix(v, "%"), "+"), 64)
	if err != nil {
		return v
	}
	if f == 0 {
		f = 0 // -0 is 0
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// num is the key of v written with places decimals, as an answer writes it.
func num(v float64, places int) string { return key(fmt.Sprintf("%.*f", places, v)) }

// pct is the key of v percent, written with places decimals.
func pct(v float64, places int) string { return num(v, places) }

// clock is the key of a duration in seconds, h:mm:ss (m:ss under an hour).
func clock(secs float64) string {
	s := int(math.Round(secs))
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// block is the part of answer that f's values must be in, or false when its anchor is not
// there: the anchor's line, the indented lines under it, the shared lines and, for a row of
// a table, the table's header and title.
func block(answer string, f fact) (string, bool) {
	lines := strings.Split(answer, "\n")
	at, ok := blockLines(lines, f)
	if !ok {
		return "", false
	}
	var out []string
	for _, i := range at {
		out = append(out, lines[i])
	}
	return strings.Join(out, "\n"), true
}

// blockLines are the indexes of the lines of f's block.
func blockLines(lines []string, f fact) ([]int, bool) {
	from := 0
	if f.section != "" {
		from = slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, f.section) })
		if from < 0 {
			return nil, false
		}
	}
	var out []int
	if f.anchor == "" {
		for i := from; i < len(lines); i++ {
			out = append(out, i)
		}
		return out, true
	}
	at := -1
	for i := from; i < len(lines); i++ {
		if strings.Contains(lines[i], f.anchor) {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, false
	}
	end := at + 1
	for end < len(lines) && strings.HasPrefix(lines[end], " ") {
		end++
	}
	// a table's row: its table's header (the first of the lines with as many cells) and the
	// line above it, which say the columns' names and units
	head := map[int]bool{}
	if n := cells(lines[at]); n >= 3 {
		top := at
		for top > 0 && cells(lines[top-1]) == n {
			top--
		}
		head[top], head[max(top-1, 0)] = true, true
	}
	for i, l := range lines {
		in := i >= at && i < end || head[i]
		for _, s := range f.shared {
			in = in || strings.Contains(l, s)
		}
		if in {
			out = append(out, i)
		}
	}
	return out, true
}

// yearColumn is a table's dates' column whose name says their year once: "day (2026)".
var yearColumn = regexp.MustCompile(`^[a-z]+ \((\d{4})\)$`)

// shortDate is a row's date without its year: "Mon 11-30".
var shortDate = regexp.MustCompile(`^([A-Z][a-z]{2}) (\d\d-\d\d)\b`)

// withYears is answer with the dates of its tables written in full: a table whose dates'
// column says their year once ("day (2026)") has rows dated "Mon 11-30", read as "Mon
// 2026-11-30"; a date whose year is not said stays as it is (and is not found).
func withYears(answer string) string {
	lines := strings.Split(answer, "\n")
	year, width := "", 0
	for i, l := range lines {
		r, err := csv.NewReader(strings.NewReader(l)).Read()
		switch {
		case err == nil && yearColumn.MatchString(r[0]):
			year, width = yearColumn.FindStringSubmatch(r[0])[1], len(r)
		case err != nil || len(r) != width:
			year = ""
		case year != "":
			lines[i] = shortDate.ReplaceAllString(l, "$1 "+year+"-$2")
		}
	}
	return strings.Join(lines, "\n")
}

// cells is how many cells a line has as a row of a comma-separated table (1 for a line
// that is not one).
func cells(l string) int {
	r, err := csv.NewReader(strings.NewReader(l)).Read()
	if err != nil {
		return 1
	}
	return len(r)
}

// missing says what of f the answer does not carry ("" when it carries all of it).
func missing(answer string, f fact) string {
	b, ok := block(answer, f)
	if !ok {
		return fmt.Sprintf("%s: no line with %q (after %q)", f.what, f.anchor, f.section)
	}
	var miss []string
	have := map[string]int{}
	got := values(b)
	for _, v := range got {
		have[v]++
	}
	for _, v := range f.values {
		if have[v] == 0 {
			miss = append(miss, v)
			continue
		}
		have[v]--
	}
	if len(f.run) > 0 && !containsRun(got, f.run) {
		miss = append(miss, fmt.Sprintf("the run %v", f.run))
	}
	for _, w := range f.words {
		if !strings.Contains(b, w) {
			miss = append(miss, fmt.Sprintf("%q", w))
		}
	}
	if len(miss) == 0 {
		return ""
	}
	return fmt.Sprintf("%s: missing %s in:\n%s", f.what, strings.Join(miss, ", "), b)
}

// containsRun reports whether run is in vs, in order and one after the other.
func containsRun(vs, run []string) bool {
	for i := 0; i+len(run) <= len(vs); i++ {
		if slices.Equal(vs[i:i+len(run)], run) {
			return true
		}
	}
	return false
}
