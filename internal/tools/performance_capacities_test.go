package tools

import (
	"context"
	"strings"
	"testing"
)

func TestCapacitiesSayWhatIsKnownAndWhatIsNot(t *testing.T) {
	env := newEnv(serve(t, recordsStub(t), stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "get_capacities").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"FTP 250 W", "eFTP 244 W (Intervals.icu estimate, Sun 2026-11-29)", "W' 17.1 kJ (estimate)",
		"LTHR 184 bpm", "max HR 203 bpm",
		"Run (Run, VirtualRun, TrailRun): threshold pace unknown",
		"Swim (Swim, OpenWaterSwim): threshold pace 2:00/100m",
		"run critical speed 3:58/km",
		"VO2max 53.5 (device, Fri 2026-11-20)",
		"VMA ≈ 17.5 km/h, 3:26/km (best 5-6 minute speed of the last year)", // 1600 m in 330 s
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	golden(t, "get_capacities", "known_and_unknown", out, nil)
}
