package tools

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// TestPlannedSessionsShowAbsoluteUnits: wherever a planned session is shown (get_events,
// get_event_by_id, plan_sessions' answer, get_training_load's session still to do today),
// its relative targets come with the athlete's watts, bpm and pace, from the sport
// settings (the indoor FTP for a virtual ride).
func TestPlannedSessionsShowAbsoluteUnits(t *testing.T) {
	f, env := demoFake(t)
	a := worldAthlete(t, f, "i100001")
	var ride, run *api.SportSettings
	for i, s := range *a.Profile.SportSettings {
		for _, ty := range deref(s.Types) {
			switch ty {
			case "VirtualRide":
				ride = &(*a.Profile.SportSettings)[i]
			case "Run":
				run = &(*a.Profile.SportSettings)[i]
			}
		}
	}
	if ride == nil || run == nil || ride.IndoorFtp == nil || run.HrZones == nil || run.ThresholdPace == nil {
		t.Fatal("the demo athlete lacks the ride and run settings this test reads")
	}
	// today's indoor ride and tomorrow's easy run, whatever the generator names them
	var threshold, easy api.Event
	for _, e := range demoCalendar(f) {
		switch day := deref(e.StartDateLocal)[:10]; {
		case day == "2026-12-01" && deref(e.Type) == "VirtualRide":
			threshold = e
		case day == "2026-12-02" && deref(e.Type) == "Run":
			easy = e
		}
	}
	top := 0 // the hardest step's % of FTP
	for _, m := range regexp.MustCompile(`- \d+m (\d+)%`).FindAllStringSubmatch(deref(threshold.Description), -1) {
		top = max(top, atoiOr(m[1]))
	}
	if top < 90 || !regexp.MustCompile(`^- \d+m Z2 HR$`).MatchString(strings.TrimSpace(deref(easy.Description))) {
		t.Fatalf("the demo calendar changed: %q, %q", deref(threshold.Description), deref(easy.Description))
	}
	// the ride's targets are all in W: the unit is said once, first ("in W: 55% 132, ...")
	watts := fmt.Sprintf("%d%% %.0f", top, math.Round(float64(top)/100*float64(*ride.IndoorFtp)))
	hr := *run.HrZones
	bpm := fmt.Sprintf("Z2 HR %d-%d bpm", hr[0]+1, hr[1])
	pace := 1000 / (float64(*run.ThresholdPace) * 0.95)
	tempo := fmt.Sprintf("95%% Pace %d:%02d/km", int(math.Round(pace))/60, int(math.Round(pace))%60)

	byID := mustCallTool(t, env, "get_event_by_id", map[string]any{"event_id": deref(threshold.Id)})
	containsAll(t, byID, "Steps, as Intervals.icu read them (what the watch gets):\n"+strings.TrimSpace(deref(threshold.Description))+"\nIn the athlete's units (W): ", watts)
	list := mustCallTool(t, env, "get_events", map[string]any{"oldest": "2026-12-01", "newest": "2026-12-02"})
	containsAll(t, list, "\n  "+bpm, "\n  in W: ", watts)
	load := mustCallTool(t, env, "get_training_load", map[string]any{"days": 2})
	containsAll(t, load, `Still to do today: VirtualRide "`+deref(threshold.Name)+`" (in W: `, watts)
	plan := mustCallTool(t, env, "plan_sessions", map[string]any{"plan": "Units", "check_only": true, "sessions": []map[string]any{
		runSession("2027-02-09", "Tempo", timedStep("20:00", "95% pace")),
	}})
	containsAll(t, plan, `WORKOUT Run "Tempo" 20:00 ~`, "(new): "+tempo)
}

func atoiOr(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
