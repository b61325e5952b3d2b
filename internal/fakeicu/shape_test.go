package fakeicu

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// shapeCase is a recorded payload and the request the fake answers the same way.
type shapeCase struct {
	file   string
	method string
	path   func(*synth.World) string
	body   string
	model  any // the spec's type of the payload (of one element for lists)
}

// fakeOmits are fields of the recorded payloads that the fake leaves out, each with the
// reason; all but mapPlot and compound_score_5m are not declared by the spec. Any other
// field the fake lacks fails the test when the recording has a value for it.
var fakeOmits = map[string]string{
	"SWOLF":             "a custom activity field the recording's athlete defined (Infinity for weight training); custom fields are per account",
	"plan_name":         "the name of the training plan an event came from; the synthetic calendar is not from a plan",
	"mapPlot":           "the real mapPlot (MAP regression) does not match the spec's Plot type; computing it needs Intervals.icu's model",
	"compound_score_5m": "an undocumented score of the 5-minute power; its formula is not public",
	"average_stance_time_percent": "running dynamics (a footpod or watch); the synthetic runs have none, and the declared " +
		"running-dynamics fields are absent too (see syntheticGaps)",
	"workout_doc.*": "the spec declares workout_doc as a free-form object; synth builds it (workoutdoc.go), and which keys it " +
		"has depends on the workout: power ranges (power.start/end), ramps, HR and pace targets (_hr, _pace), distance steps, " +
		"zoneTimes min/maxWatts and percentRange, and the computed average_watts, normalized_power, variability_index, " +
		"polarization_index are not all produced",
}

// syntheticGaps are fields the spec declares, recorded with values, that the synthetic
// world does not produce (package synth makes the data; the fake serves what it has).
var syntheticGaps = map[string]string{
	"external_id":                  "activities are synced from a Garmin watch, none uploaded with an external id",
	"oauth_client_id":              "no activity was uploaded by a third-party OAuth app",
	"oauth_client_name":            "no activity was uploaded by a third-party OAuth app",
	"gap_model":                    "synth does not model gradient-adjusted pace",
	"recording_stops":              "the synthetic activities never pause",
	"icu_hrr":                      "no heart-rate recovery is detected in the synthetic streams",
	"carbs_ingested":               "the synthetic athlete never logs carbohydrates",
	"power_field":                  "the synthetic runs have no power meter",
	"power_field_names":            "the synthetic runs have no power meter",
	"compliance":                   "not computed for activities paired with planned workouts",
	"sub_type":                     "races are marked on the calendar, not with the activity's sub_type",
	"training_availability":        "the synthetic calendar does not set training availability",
	"group_id":                     "synth's intervals are not grouped",
	"average_temp":                 "synth's intervals carry no temperature",
	"average_respiration":          "the synthetic athlete wears no respiration sensor",
	"average_stance_time":          "running dynamics: none in the synthetic runs",
	"average_step_length":          "running dynamics: none in the synthetic runs",
	"average_vertical_oscillation": "running dynamics: none in the synthetic runs",
	"average_vertical_ratio":       "running dynamics: none in the synthetic runs",
	"hrvSDNN":                      "synth records rMSSD HRV only",
	"best_effort_distances":        "synth's sport settings do not set best-effort distances",
	"pace_load_type":               "synth's sport settings do not set a pace load type",
	"list[].filter_label":          "the recording compared curves with an f1 filter; the fake ignores filters and f1..f3",
}

func TestFixtureShapes(t *testing.T) {
	f := New(Options{Now: func() time.Time { return testNow }})
	w := f.World()
	for _, tc := range shapeCases() {
		t.Run(tc.file, func(t *testing.T) {
			raw, err := fixtures.Read(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var fixture any
			if err := json.Unmarshal(raw, &fixture); err != nil {
				t.Fatal(err)
			}
			path := tc.path(w)
			status, body := call(t, f, tc.method, path, tc.body)
			if status != 200 {
				t.Fatalf("%s %s = %d %s", tc.method, path, status, body)
			}
			var fake any
			if err := json.Unmarshal([]byte(body), &fake); err != nil {
				t.Fatal(err)
			}
			c := &shapeCheck{model: reflect.TypeOf(tc.model)}
			c.compareTop(fixture, fake)
			for _, p := range c.problems {
				t.Errorf("%s %s: %s", tc.method, path, p)
			}
		})
	}
}

// shapeCheck compares a recorded payload with the fake's answer.
type shapeCheck struct {
	model    reflect.Type
	problems []string
}

// compareTop compares lists element by element, each recorded element with the fake's
// element of the same type and category (or the fake's first one).
func (c *shapeCheck) compareTop(fixture, fake any) {
	fl, ok := fixture.([]any)
	if !ok {
		c.compare("", fixture, fake, c.model)
		return
	}
	if obj, isObj := fake.(map[string]any); isObj && len(fl) == 1 {
		// A recording wrapped in an array by whoever captured it.
		c.compare("", fl[0], obj, c.model)
		return
	}
	gl, ok := fake.([]any)
	if !ok || len(gl) == 0 {
		c.problems = append(c.problems, fmt.Sprintf("want a non-empty array, got %.100v", fake))
		return
	}
	for _, fe := range fl {
		c.compare("", fe, pick(fe, gl), c.model)
	}
}

// pick is the fake element that best matches a recorded one: the same type and category
// (the same first sport for sport settings), a Strava stub for a stub.
func pick(fixture any, fake []any) any {
	fm, _ := fixture.(map[string]any)
	firstType := func(m map[string]any) any {
		if ts, ok := m["types"].([]any); ok && len(ts) > 0 {
			return ts[0]
		}
		return nil
	}
	if fm != nil && firstType(fm) != nil {
		for _, g := range fake {
			if gm, _ := g.(map[string]any); gm != nil && firstType(gm) == firstType(fm) {
				return g
			}
		}
	}
	for _, g := range fake {
		gm, _ := g.(map[string]any)
		if gm != nil && fm != nil && gm["type"] == fm["type"] && gm["category"] == fm["category"] && (fm["_note"] == nil) == (gm["_note"] == nil) {
			return g
		}
	}
	for _, g := range fake { // a sport of the same family: Swim for OpenWaterSwim, Ride for GravelRide
		gm, _ := g.(map[string]any)
		ft, _ := fm["type"].(string)
		if gt, _ := gm["type"].(string); gt != "" && strings.HasSuffix(ft, gt) {
			return g
		}
	}
	for _, g := range fake {
		if gm, _ := g.(map[string]any); gm != nil && fm != nil && (fm["_note"] == nil) == (gm["_note"] == nil) {
			return g
		}
	}
	return fake[0]
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "bool"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// compare checks one value; model is the spec's Go type at this point (nil: not declared).
func (c *shapeCheck) compare(path string, fixture, fake any, model reflect.Type) {
	if fixture == nil || fake == nil {
		return
	}
	model = deptr(model)
	if ft, gt := jsonType(fixture), jsonType(fake); ft != gt {
		c.problems = append(c.problems, fmt.Sprintf("%s: recorded %s, fake %s", path, ft, gt))
		return
	}
	switch fv := fixture.(type) {
	case []any:
		gv := fake.([]any)
		if len(fv) > 0 && len(gv) > 0 {
			c.compare(path+"[]", fv[0], gv[0], elem(model))
		}
	case map[string]any:
		gv := fake.(map[string]any)
		if model != nil && model.Kind() == reflect.Map && deptr(model.Elem()) != nil && deptr(model.Elem()).Kind() == reflect.Struct {
			// Keyed by id (activities of a curve set, ranks): compare any entry with any.
			c.compareEntries(path, fv, gv, model.Elem())
			return
		}
		if model == nil && isIDMap(fv) {
			c.compareEntries(path, fv, gv, nil)
			return
		}
		keys := make([]string, 0, len(fv))
		for k := range fv {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub := join(path, k)
			fieldModel, declared := field(model, k)
			g, ok := gv[k]
			switch {
			case ok:
				c.compare(sub, fv[k], g, fieldModel)
			case fv[k] == nil || isEmpty(fv[k]):
			case listedIn(fakeOmits, sub):
			case declared && listedIn(syntheticGaps, sub):
			case declared:
				c.problems = append(c.problems, fmt.Sprintf("%s: declared in the spec, recorded as %.60v, missing from the fake", sub, fv[k]))
			default:
				c.problems = append(c.problems, fmt.Sprintf("%s: not in the spec, recorded as %.60v, missing from the fake (add it, or list it in fakeOmits with a reason)", sub, fv[k]))
			}
		}
	}
}

func (c *shapeCheck) compareEntries(path string, fixture, fake map[string]any, model reflect.Type) {
	var f, g any
	for _, v := range fixture {
		f = v
		break
	}
	for _, v := range fake {
		g = v
		break
	}
	if f != nil && g != nil {
		c.compare(path+".*", f, g, model)
	}
}

// isIDMap reports whether an object is keyed by ids rather than field names.
func isIDMap(m map[string]any) bool {
	if len(m) == 0 {
		return false
	}
	for k := range m {
		if !strings.HasPrefix(k, "i") || strings.Trim(k[1:], "0123456789") != "" || len(k) < 3 {
			return false
		}
	}
	return true
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// listedIn reports whether a field path is listed: by its name, its path ("list[].x", at
// any depth), or a subtree ("workout_doc.*").
func listedIn(list map[string]string, path string) bool {
	name := path[strings.LastIndexAny(path, ".]")+1:]
	for p := range list {
		switch {
		case p == name || p == path || strings.HasSuffix(path, "."+p) || strings.HasSuffix(path, "]."+p):
			return true
		case strings.HasSuffix(p, ".*") && (strings.HasPrefix(path, strings.TrimSuffix(p, "*")) || strings.Contains(path, "."+strings.TrimSuffix(p, "*")) || strings.Contains(path, "]."+strings.TrimSuffix(p, "*"))):
			return true
		}
	}
	return false
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func deptr(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func elem(t reflect.Type) reflect.Type {
	if t = deptr(t); t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		return t.Elem()
	}
	return nil
}

// field returns the spec's type of an object's field and whether the spec declares it.
func field(t reflect.Type, name string) (reflect.Type, bool) {
	t = deptr(t)
	if t == nil || t.Kind() != reflect.Struct {
		return nil, false
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if tag == name {
			return f.Type, true
		}
	}
	return nil, false
}
