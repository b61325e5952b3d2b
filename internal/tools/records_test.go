package tools

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
)

func ciFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := fixtures.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// recordsStub answers the curve endpoints with recorded payloads (power, HR) and a small
// hand-made pace curve set whose values are easy to check.
func recordsStub(t *testing.T) *coachStub {
	pace := `{"list":[
		{"id":"r.2026-09-01.2026-11-30","distance":[400,1000,1600,5000,10000],"values":[80,215,330,1230,2580],"activity_id":["i1","i1","i1","i2","i3"]},
		{"id":"all","distance":[400,1000,5000,10000,21097.5],"values":[75,200,1150,2400,5400],"activity_id":["i1","i4","i4","i4","i5"],
		 "paceModels":[{"type":"CS","criticalSpeed":4.2}]}],
		"activities":{"i1":{"id":"i1","start_date_local":"2026-10-03T07:00:00"},"i4":{"id":"i4","start_date_local":"2025-04-06T08:00:00"}}}`
	profile := `{"id":"i7","name":"Rec Ords","timezone":"Europe/Paris","sportSettings":` + ciFixture(t, "sport-settings.json") + `}`
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":              profile,
		"GET /api/v1/athlete/i7/power-curves": ciFixture(t, "power-curves.json"),
		"GET /api/v1/athlete/i7/hr-curves":    ciFixture(t, "hr-curves.json"),
		"GET /api/v1/athlete/i7/pace-curves":  pace,
		"GET /api/v1/athlete/i7/wellness": `[{"id":"2026-11-20","vo2max":53.5},
			{"id":"2026-11-29","sportInfo":[{"type":"Ride","eftp":243.6,"wPrime":17100,"pMax":772}]}]`,
	}}
}

var recordsNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func TestRecordsAtStandardDurationsAndDistances(t *testing.T) {
	s := recordsStub(t)
	env := coachStubEnv(t, s, recordsNow)
	out, err := coachingTool(t, "get_records").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"- 5s: 730 W (Mon 2026-03-23) | none", // no all-time curve in the recorded answer
		"- 20m: 228 W",                        // and its 20 minutes
		"- 60m: 205 W",                        //
		"- 1km: 3:35 (3:35/km) (Sat 2026-10-03) | 3:20 (3:20/km) (Sun 2025-04-06)",
		"- half marathon: none | 1:30:00 (4:16/km)",
		"Run heart rate: no data", // the recorded HR curves are 90d and 1y, neither asked for
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	for _, r := range s.reqs {
		if strings.Contains(r, "/athlete/0") {
			t.Errorf("request for athlete 0: %s", r)
		}
	}
	coachingGolden(t, "get_records", out)
}

func TestRecordsRejectsBadPeriod(t *testing.T) {
	env := coachStubEnv(t, recordsStub(t), recordsNow)
	for _, args := range []string{`{"oldest":"2026-12-01","newest":"2026-11-01"}`, `{"oldest":"yesterday"}`, `{"sport":"Rowing"}`} {
		if _, err := coachingTool(t, "get_records").Run(context.Background(), env, []byte(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}

func TestCapacitiesSayWhatIsKnownAndWhatIsNot(t *testing.T) {
	env := coachStubEnv(t, recordsStub(t), recordsNow)
	out, err := coachingTool(t, "get_capacities").Run(context.Background(), env, nil)
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
	coachingGolden(t, "get_capacities", out)
}
