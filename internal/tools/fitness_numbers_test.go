package tools

import (
	"encoding/csv"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fitnessFigure finds a fitness, fatigue or form value in an answer (and a 1-4 score, "fatigue
// 2/4", which is not one).
var fitnessFigure = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(fitness|fatigue|form)( set to)? (-?[0-9][0-9.]*)(/?)`)
})

var oneDecimal = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-?[0-9]+\.[0-9]$`) })

// Every tool that shows fitness, fatigue and form writes them alike, with one decimal (a
// tool said "fitness 64" and another "fitness 64.0" of the same day).
func TestFitnessFatigueAndFormHaveOneFormat(t *testing.T) {
	_, env := demoFake(t)
	seen := 0
	for _, c := range []struct{ tool, args string }{
		{"get_athlete_context", `{}`},
		{"get_wellness_data", `{}`},
		{"get_training_load", `{}`},
		{"chart_fitness", `{}`},
		{"get_activities", `{}`},
	} {
		out := mustCallTool(t, env, c.tool, c.args)
		if c.tool == "get_activities" {
			id := activityIDWord().FindString(out)
			out = mustCallTool(t, env, "get_activity_details", `{"activity_id":"`+id+`"}`)
		}
		for _, m := range fitnessFigure().FindAllStringSubmatch(out, -1) {
			if m[4] == "/" {
				continue
			}
			seen++
			if !oneDecimal().MatchString(m[3]) {
				t.Errorf("%s writes %q: want one decimal, as every tool", c.tool, m[0])
			}
		}
		// and in a table's columns of that name
		for _, v := range fitnessCells(out) {
			seen++
			if v != "-" && !oneDecimal().MatchString(v) {
				t.Errorf("%s writes %q in a fitness, fatigue or form column: want one decimal, as every tool", c.tool, v)
			}
		}
	}
	if seen < 20 {
		t.Errorf("only %d fitness figures found: the answers changed their words", seen)
	}
}

// fitnessCells are the cells of the fitness, fatigue and form columns of the tables of an
// answer (comma-separated lines under a header naming the columns).
func fitnessCells(out string) []string {
	var cols []int
	var cells []string
	width := 0
	for _, l := range strings.Split(out, "\n") {
		fields, err := csv.NewReader(strings.NewReader(l)).Read()
		if err != nil || len(fields) != width {
			cols = nil // a row has as many cells as its header has names
		}
		if err != nil {
			continue
		}
		if i := slices.Index(fields, "fitness"); i >= 0 {
			cols, width = []int{i}, len(fields)
			for _, name := range []string{"fatigue", "form"} {
				if j := slices.Index(fields, name); j >= 0 {
					cols = append(cols, j)
				}
			}
			continue
		}
		for _, i := range cols {
			if i < len(fields) {
				cells = append(cells, fields[i])
			}
		}
	}
	return cells
}

var activityIDWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bi[0-9]{5,}\b`) })
