package tools

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// docForm is a workout_doc as the reference server's users write it, and the workout text it
// must be written as (each line of want in the event's description, in order).
type docForm struct {
	name, sport, doc string
	want             []string
}

// The reference server's workout_doc in every form its docstring shows (add_or_update_event,
// "Step properties") and pydantic's lax mode lets through (numbers as strings, flags as
// "true", the doc as a JSON string), and zones as "Z2": each is written to the calendar
// through an MCP session as the workout it describes.
func TestWorkoutDocInEveryFormTheReferenceServerTakes(t *testing.T) {
	forms := []docForm{
		{"docstring example", "Ride", `{"description":"High-intensity workout for increasing VO2 max","steps":[
			{"power":{"value":80,"units":"%ftp"},"duration":900,"warmup":true},
			{"reps":2,"text":"High-intensity intervals","steps":[
				{"power":{"value":110,"units":"%ftp"},"distance":500,"text":"High-intensity"},
				{"power":{"value":80,"units":"%ftp"},"duration":90,"text":"Recovery"}]},
			{"power":{"value":80,"units":"%ftp"},"duration":600,"cooldown":true},
			{"text":""}]}`,
			// warmup and cooldown are the headers that flag their steps so
			[]string{"High-intensity workout for increasing VO2 max", "Warmup", "- 15m 80%", "High-intensity intervals 2x", "- High-intensity 500mtr 110%", "- Recovery 1m30s 80%", "Cooldown", "- 10m 80%"}},
		{"distance and duration", "Run", `{"steps":[{"distance":5000,"pace":{"value":80,"units":"%pace"}},{"duration":1800,"pace":{"value":2,"units":"pace_zone"}}]}`,
			[]string{"- 5000mtr 80% Pace", "- 30m Z2 Pace"}},
		{"each unit", "Ride", `{"steps":[{"duration":600,"power":{"value":200,"units":"w"}},{"duration":600,"hr":{"value":75,"units":"%hr"}},
			{"duration":600,"hr":{"value":85,"units":"%lthr"}},{"duration":600,"cadence":{"value":90,"units":"cadence"}},
			{"duration":600,"power":{"value":2,"units":"power_zone"}},{"duration":600,"hr":{"value":2,"units":"hr_zone"}}]}`,
			[]string{"- 10m 200w", "- 10m 75% HR", "- 10m 85% LTHR", "- 10m 90rpm", "- 10m Z2", "- 10m Z2 HR"}},
		{"range, ramp, free ride, repeats, a label", "Ride", `{"steps":[{"text":"Warmup"},{"duration":600,"power":{"start":80,"end":90,"units":"%ftp"}},
			{"duration":600,"ramp":true,"power":{"start":80,"end":90,"units":"%ftp"}},{"duration":600,"freeride":true,"power":{"value":80,"units":"%ftp"}},
			{"reps":3,"steps":[{"power":{"value":110,"units":"%ftp"},"distance":500,"text":"High-intensity"},{"power":{"value":80,"units":"%ftp"},"duration":90,"text":"Recovery"}]}]}`,
			[]string{"Warmup", "- 10m 80-90%", "- 10m ramp 80-90%", "- 10m freeride", "3x", "- High-intensity 500mtr 110%", "- Recovery 1m30s 80%"}},
		{"strings and zones", "Run", `{"steps":[{"duration":"15:00","warmup":"true","pace":{"value":"Z2","units":"pace_zone"}},
			{"reps":"3","steps":[{"distance":"400","pace":{"value":"4:30","units":"MINS_KM"}},{"duration":"90","hr":{"start":"z1","end":"Z2","units":"hr_zone"}}]},
			{"duration":"300","hr":{"value":"145","units":"bpm"}},{"duration":300,"pace":{"start":4.5,"end":4.25,"units":"mins_km"}},{"duration":"600","hr":{"value":"Z1"}}]}`,
			[]string{"Warmup", "- 15m Z2 Pace", "3x", "- 400mtr 4:30/km Pace", "- 1m30s Z1-Z2 HR", "- 5m 86% LTHR", "- 5m 4:30-4:15/km Pace", "- 10m Z1 HR"}},
		{"swim paces and cadence", "Swim", `{"steps":[{"distance":400,"pace":{"value":105,"units":"SECS_100M"}},{"distance":"100","pace":{"value":"1:40","units":"secs_100m"},"cadence":{"start":"30","end":"34"}}]}`,
			[]string{"- 400mtr 1:45/100m Pace", "- 100mtr 1:40/100m Pace 30-34rpm"}},
		{"the doc as a JSON string", "Ride", `"{\"steps\":[{\"duration\":600,\"power\":{\"value\":\"80%\",\"units\":\"%ftp\"}}]}"`,
			[]string{"- 10m 80%"}},
	}
	f, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for _, c := range forms {
		out, isErr := callText(t, cs, "add_or_update_event", json.RawMessage(`{"workout_type":"`+c.sport+`","name":"`+c.name+`","start_date":"2026-12-20","workout_doc":`+c.doc+`}`))
		if isErr || !strings.HasPrefix(out, `Created: Sun 2026-12-20 WORKOUT `+c.sport+` "`+c.name+`"`) {
			t.Errorf("%s: (error %v) %s", c.name, isErr, out)
			continue
		}
		var desc string
		for _, e := range f.Events("0") {
			if deref(e.Name) == c.name {
				desc = deref(e.Description)
			}
		}
		rest := desc
		for _, line := range c.want {
			i := strings.Index(rest, line+"\n")
			if i < 0 && strings.HasSuffix(rest, line) {
				i = len(rest) - len(line)
			}
			if i < 0 {
				t.Errorf("%s: %q is not in the workout written, or not in order:\n%s", c.name, line, desc)
				break
			}
			rest = rest[i+len(line):]
		}
	}
	// The flags the doc gave reach the watch: Intervals.icu's reading has them.
	for _, e := range f.Events("0") {
		if deref(e.Name) != "docstring example" {
			continue
		}
		var d workout.Doc
		b, _ := json.Marshal(e.WorkoutDoc)
		if json.Unmarshal(b, &d) != nil || len(d.Steps) != 3 || !bool(d.Steps[0].Warmup) || !bool(d.Steps[2].Cooldown) {
			t.Errorf("the warm-up and cool-down flags are not in Intervals.icu's reading: %+v", d.Steps)
		}
	}
}

// What the reference server's users may write wrong is refused with what to write instead.
func TestWorkoutDocValuesThatCannotBeReadSayWhatToWrite(t *testing.T) {
	_, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for _, c := range []struct{ doc, want string }{
		{`{"steps":[{"duration":600,"power":{"value":"Z2","units":"%ftp"}}]}`, `step 1: power value "Z2" is a zone: give units power_zone`},
		{`{"steps":[{"duration":600,"power":{"value":"hard","units":"%ftp"}}]}`, `step 1: power value hard is not a number: write e.g. 80 or "80"`},
		{`{"steps":[{"duration":600,"power":{"value":true,"units":"%ftp"}}]}`, `step 1: power value true is not a number`},
		{`{"steps":[{"duration":600,"power":{"value":80,"units":"furlongs"}}]}`, `step 1: power units "furlongs" have no equivalent here: use %ftp, w`},
		{`{"steps":[{"duration":600,"power":{"value":80}}]}`, `step 1: power units "" have no equivalent here`},
		{`{"steps":[{"duration":600,"pace":{"value":"fast","units":"MINS_KM"}}]}`, `step 1: pace value fast: write the pace as a number (minutes, 4.5) or as m:ss ("4:30")`},
		{`{"steps":[{"reps":"two","steps":[{"duration":60}]}]}`, `step 1: reps two is not a number of repeats`},
		{`{"steps":[{"duration":"ten minutes"}]}`, `duration "ten minutes": write seconds`},
		{`{"steps":[{"duration":600,"cadence":{"value":90,"units":"%ftp"}}]}`, `step 1: cadence units "%ftp": use cadence (rpm)`},
	} {
		out, isErr := callText(t, cs, "add_or_update_event", json.RawMessage(`{"workout_type":"Run","name":"bad","start_date":"2026-12-20","workout_doc":`+c.doc+`}`))
		if !isErr || !strings.Contains(out, c.want) {
			t.Errorf("%s: want an error with %q, got (error %v) %s", c.doc, c.want, isErr, out)
		}
	}
}

// The reference server's distance (metres) and moving_time (seconds) beside steps are not
// written: Intervals.icu computes a workout's time and distance from its steps. The answer
// says the time and distance given are not the ones kept, and states each figure once.
func TestWorkoutDocDistanceAndMovingTimeBesideStepsAreIntervalsICUs(t *testing.T) {
	f, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	out, isErr := callText(t, cs, "add_or_update_event", json.RawMessage(`{"workout_type":"Ride","name":"Long ride","start_date":"2026-12-20","distance":30000,"moving_time":"3600",
		"workout_doc":{"steps":[{"power":{"value":80,"units":"%ftp"},"duration":900},{"reps":2,"steps":[{"distance":500,"power":{"value":110,"units":"%ftp"}}]}]}}`))
	if isErr || !strings.Contains(out, ": 15:00, 1.00 km") || !strings.Contains(out, "duration 1:00:00 given, the steps last 15:00 plus 2 distance step(s) Intervals.icu times itself; distance 30.00 km given: Intervals.icu takes the steps'") {
		t.Errorf("(error %v) %s", isErr, out)
	}
	if strings.Count(out, "1.00 km") != 1 {
		t.Errorf("the distance is said more than once:\n%s", out)
	}
	for _, e := range f.Events("0") {
		if deref(e.Name) == "Long ride" && deref(e.MovingTime) != 900 {
			t.Errorf("moving time %d s; want the steps' 900, as Intervals.icu computed it", deref(e.MovingTime))
		}
	}
	for _, w := range f.Writes() {
		if w.Operation == "createMultipleEvents" && (strings.Contains(w.Body, "moving_time") || strings.Contains(w.Body, `"distance"`)) {
			t.Errorf("the create sent a computed figure: %s", w.Body)
		}
	}
}

// One session, one distance: the answer of add_or_update_event states the workout's time,
// distance and load once, on the event's line (Intervals.icu's figures for the steps), not
// again from our own summary of them.
func TestEventWrittenSaysEachFigureOnce(t *testing.T) {
	_, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for i, args := range []string{
		`{"type":"Run","steps":[{"duration":"1200","target":"Z2 pace"},{"repeat":4,"steps":[{"distance":"400m","target":"5:00/km"},{"duration":"120","target":"Z1 pace"}]}]}`,
		`{"type":"Run","description":"- 10m Z2 pace\n- 5m 4:00/km pace"}`,
	} {
		var in map[string]any
		if err := json.Unmarshal([]byte(args), &in); err != nil {
			t.Fatal(err)
		}
		in["name"], in["date"] = "once "+strconv.Itoa(i), "2026-12-20"
		out, isErr := callText(t, cs, "add_or_update_event", in)
		// The calendar check's warnings follow (the day already holds a run): they speak of
		// the projected load, not of this session's figures.
		said, _, _ := strings.Cut(out, " warning(s) from the calendar")
		if isErr || strings.Count(said, " km") != 1 || strings.Count(said, "load") != 1 {
			t.Errorf("%s: want one distance and one load, got (error %v):\n%s", args, isErr, out)
		}
	}
}

// Any workout_doc is read into steps or refused with an error; none panics, and steps read
// always marshal back as our steps argument.
func FuzzWorkoutDocArgs(f *testing.F) {
	for _, s := range []string{
		`{"steps":[{"power":{"value":"80","units":"%ftp"},"duration":"900"}]}`,
		`{"steps":[{"reps":"2","steps":[{"distance":500,"pace":{"start":"Z2","end":"z3","units":"pace_zone"}}]},{"text":"x"}]}`,
		`"{\"steps\":[{\"duration\":60,\"hr\":{\"value\":\"Z1\"},\"cadence\":{\"value\":90}}]}"`,
		`{"steps":[{"duration":60,"pace":{"value":"4:30","units":"MINS_KM"}}]}`,
		`{"steps":[{"duration":60,"power":{"start":1}}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		out, err := workoutDocArgs(json.RawMessage(doc))
		if err != nil {
			return
		}
		if raw, ok := out["steps"]; ok {
			var steps []step
			if err := json.Unmarshal(raw, &steps); err != nil {
				t.Fatalf("steps read from %s do not decode: %v", doc, err)
			}
		}
	})
}
