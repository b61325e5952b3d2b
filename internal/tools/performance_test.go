package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The reference server's arguments of its curve tool are honoured: durations are the columns,
// this_season and last_season the rows (each true unless false once one is given, as the
// reference server defaults them), its date range another row; none is ignored.
func TestCurvesHonourTheReferenceServersArguments(t *testing.T) {
	_, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for _, c := range []struct {
		args      string
		want, not []string
	}{
		{`{"durations":[5,90,600]}`, []string{"period,5s,1m30s,10m\n90 days (", "\n1 year ("}, []string{",20m"}},
		{`{"this_season":true}`, []string{"This season (2026-08-25..2026-12-01)", "Last season ("}, []string{"90 days"}},
		{`{"this_season":true,"last_season":false}`, []string{"This season (2026-08-25..2026-12-01)"}, []string{"Last season", "90 days"}},
		{`{"this_season":false,"last_season":true,"start_date":"2026-10-01","end_date":"2026-11-30"}`,
			[]string{"Last season (a year: no earlier SEASON_START) (2025-08-25..2026-08-24)", "(2026-10-01..2026-11-30)"}, []string{"This season"}},
		{`{"kind":"hr","sport":"Run","durations":[60,1200],"this_season":true,"last_season":false}`, []string{"Highest heart rate held, Run", "period,1m,20m\nThis season"}, nil},
		{`{"period":"s0"}`, []string{"This season (2026-08-25..2026-12-01)"}, nil},
	} {
		out, isErr := callText(t, cs, "get_athlete_power_curves", json.RawMessage(c.args))
		if isErr {
			t.Errorf("%s: %s", c.args, out)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: want %q in:\n%s", c.args, w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("%s: %q is not asked for:\n%s", c.args, n, out)
			}
		}
	}
}

// What the curves cannot answer is refused, saying why.
func TestCurvesRefuseWhatTheyCannotAnswer(t *testing.T) {
	_, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for _, c := range []struct{ args, want string }{
		{`{"this_season":false,"last_season":false}`, "this_season and last_season are both false: ask for one of them"},
		{`{"kind":"pace","durations":[60]}`, "durations are for power and hr curves: pace curves are shown at distances"},
		{`{"durations":[0,60]}`, "durations are seconds from 1 to 86400 (a day); 0 is not"},
		{`{"durations":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21]}`, "durations: at most 20 (the table's columns); 21 given"},
	} {
		out, isErr := callText(t, cs, "get_athlete_power_curves", json.RawMessage(c.args))
		if !isErr || !strings.Contains(out, c.want) {
			t.Errorf("%s: want an error with %q, got (error %v) %s", c.args, c.want, isErr, out)
		}
	}
}
