package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

func TestUpdateTrainingZoneFTP(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	env.Cache = &toolcall.Cache{}
	if _, err := env.Athlete(context.Background()); err != nil { // cache the profile
		t.Fatal(err)
	}
	out, err := toolNamed(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"ride","ftp":265}`))
	if err != nil {
		t.Fatal(err)
	}
	key := "PUT /api/v1/athlete/i7/sport-settings/10006"
	if s.bodies[key] != `{"ftp":265}` || s.queries[key] != "recalcHrZones=false" {
		t.Errorf("sent %q ?%s", s.bodies[key], s.queries[key])
	}
	for _, w := range []string{"FTP 250 W → 265 W", "Z2 75% 199 W", "Z4 105% 278 W", "Z7 above"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q:\n%s", w, out)
		}
	}
	// The cached profile was forgotten: the next call fetches it again.
	before := len(s.reqs)
	if _, err := env.Athlete(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(s.reqs) != before+1 {
		t.Error("the profile was not fetched again after the change")
	}
	golden(t, "update_training_zone", "ftp", out, nil)
}

func TestUpdateTrainingZoneRunPaceAndLTHR(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	out, err := toolNamed(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"Run","threshold_pace":"4:10/km","lthr":176}`))
	if err != nil {
		t.Fatal(err)
	}
	key := "PUT /api/v1/athlete/i7/sport-settings/10007"
	var body map[string]float64
	if err := json.Unmarshal([]byte(s.bodies[key]), &body); err != nil || body["lthr"] != 176 || body["threshold_pace"] < 3.99 || body["threshold_pace"] > 4.01 || s.queries[key] != "recalcHrZones=true" {
		t.Errorf("sent %q ?%s", s.bodies[key], s.queries[key])
	}
	for _, w := range []string{"threshold pace unset → 4:10/km", "LTHR 184 bpm → 176 bpm", "Z1 77.5% 5:23/km", "Z4 100% 4:10/km", "heart rate (LTHR 176 bpm"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q:\n%s", w, out)
		}
	}
	golden(t, "update_training_zone", "run", out, nil)
}

func TestUpdateTrainingZoneRefusals(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	for args, want := range map[string]string{
		`{"sport":"Ride"}`:                         "nothing to change",
		`{"sport":"Rowing","ftp":200}`:             "no sport settings for \"Rowing\": the athlete's sports are Ride, Run, Swim, Other",
		`{"sport":"Ride","ftp":2000}`:              "outside 30-700 W",
		`{"sport":"Run","threshold_pace":"fast"}`:  "write m:ss",
		`{"sport":"Swim","threshold_pace":"0:05"}`: "not a plausible",
	} {
		_, err := toolNamed(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: want %q, got %v", args, want, err)
		}
	}
	for _, r := range s.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("a refused call wrote: %s", r)
		}
	}
}

// A new FTP leaves indoor FTP, a setting of its own, as it was: the answer says so, and how
// to change it (indoor_ftp), rather than let the athlete believe indoor rides follow.
func TestUpdateTrainingZoneSaysIndoorFTPIsUnchanged(t *testing.T) {
	f, env := demoFake(t)
	var indoor int32
	for _, s := range worldAthlete(t, f, fakeicu.DemoAthleteID).SportSettings {
		if s.IndoorFtp != nil && s.Types != nil && slices.Contains(*s.Types, "Ride") {
			indoor = *s.IndoorFtp
		}
	}
	if indoor == 0 {
		t.Fatal("the demo athlete's ride settings have no indoor FTP")
	}
	out := mustCallTool(t, env, "update_training_zone", `{"sport":"Ride","ftp":265}`)
	want := fmt.Sprintf("Indoor FTP is still %d W: a setting of its own, which Intervals.icu uses for indoor rides (indoor_ftp changes it).", indoor)
	if !strings.HasSuffix(out, want) {
		t.Errorf("answer lacks the indoor FTP:\n%s", out)
	}
	if out := mustCallTool(t, env, "update_training_zone", `{"sport":"Run","lthr":171}`); strings.Contains(out, "Indoor FTP") {
		t.Errorf("no FTP changed, nothing to say of indoor FTP:\n%s", out)
	}
}

// TestContextGivesPaceZonesInPaceUnits: beside the % of threshold, the context gives each pace
// zone's bound in the sport's pace units (the demo: run MINS_KM, swim SECS_100M).
func TestContextGivesPaceZonesInPaceUnits(t *testing.T) {
	_, env := demoFake(t)
	out, isErr := callText(t, clientSession(t, env), "get_athlete_context", map[string]any{})
	if isErr {
		t.Fatal(out)
	}
	for sport, unit := range map[string]string{"Run/": "(min/km ", "Swim/": "(min/100m "} {
		line := lineWith(out, "- "+sport)
		if !strings.Contains(line, "pace zones %pace ") || !strings.Contains(line, unit) || !strings.Contains(line, "/faster)") {
			t.Errorf("%s pace zones should give paces %s...: %q", sport, unit, line)
		}
	}
}

// indoor_ftp sets the indoor FTP of the sport's settings, in the fake's state, through an MCP
// session; the answer says it changed and no longer that it is unchanged.
func TestUpdateTrainingZoneSetsIndoorFTP(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	out, isErr := callText(t, cs, "update_training_zone", map[string]any{"sport": "Ride", "ftp": 265, "indoor_ftp": 255})
	if isErr {
		t.Fatal(out)
	}
	for _, s := range worldAthlete(t, f, fakeicu.DemoAthleteID).SportSettings {
		if s.Types != nil && slices.Contains(*s.Types, "Ride") && (deref(s.IndoorFtp) != 255 || deref(s.Ftp) != 265) {
			t.Errorf("the fake's ride settings: FTP %d, indoor FTP %d; want 265 and 255", deref(s.Ftp), deref(s.IndoorFtp))
		}
	}
	containsAll(t, out, "FTP 250 W → 265 W", "indoor FTP 240 W → 255 W", "Z4 105% 278 W")
	if strings.Contains(out, "still") {
		t.Errorf("the indoor FTP changed, yet the answer says it is unchanged:\n%s", out)
	}
}
