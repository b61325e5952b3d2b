package synth

import (
	"bytes"
	"encoding/json"
	"math"
	"sync"
	"testing"
	"time"
)

// testToday is the date every test generates around.
var testToday = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

var (
	worldOnce sync.Once
	world     *World
)

// testWorld is the World of seed 1, generated once for the tests that only read it.
func testWorld(t testing.TB) *World {
	t.Helper()
	worldOnce.Do(func() { world = Generate(1, testToday) })
	return world
}

func TestGenerateSameSeedSameJSON(t *testing.T) {
	a, err := json.Marshal(Generate(7, testToday))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(Generate(7, testToday))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two Worlds of the same seed and date marshal differently")
	}
}

func TestGenerateOtherSeedOtherWorld(t *testing.T) {
	a, _ := json.Marshal(Generate(7, testToday))
	b, _ := json.Marshal(Generate(8, testToday))
	if bytes.Equal(a, b) {
		t.Fatal("seeds 7 and 8 gave the same World")
	}
}

func TestGenerateAthletes(t *testing.T) {
	w := testWorld(t)
	want := []struct{ id, tz string }{
		{"i100001", "Australia/Sydney"}, {"i100002", "Europe/Paris"}, {"i100003", "America/Denver"}, {"i100004", "Asia/Tokyo"},
	}
	if len(w.Athletes) != len(want) {
		t.Fatalf("%d athletes, want %d", len(w.Athletes), len(want))
	}
	for i, a := range w.Athletes {
		if *a.Profile.Id != want[i].id || *a.Profile.Timezone != want[i].tz {
			t.Errorf("athlete %d is %s in %s, want %s in %s", i, *a.Profile.Id, *a.Profile.Timezone, want[i].id, want[i].tz)
		}
	}
	if !*w.Athletes[0].Profile.IcuCoach {
		t.Error("the primary athlete is not a coach")
	}
	if got := w.Today.Format(dateLayout); got != "2026-11-30" || w.Today.Location().String() != "Australia/Sydney" {
		t.Errorf("Today = %s in %s, want 2026-11-30 in Australia/Sydney", got, w.Today.Location())
	}
	p := w.Athletes[0]
	if n := len(p.Wellness); n != 366 {
		t.Errorf("primary has %d wellness rows, want 366 (a year up to yesterday, and today)", n)
	}
	if p.Wellness[len(p.Wellness)-1].Id == nil || *p.Wellness[len(p.Wellness)-1].Id != "2026-11-30" {
		t.Errorf("last wellness row is %v, want today 2026-11-30", *p.Wellness[len(p.Wellness)-1].Id)
	}
}

// TestWellnessFollowsLoadModel recomputes fitness and fatigue from the activities' loads,
// summed per local day, with the 42/7-day model, and compares every wellness row.
func TestWellnessFollowsLoadModel(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		loads := map[string]float64{}
		for _, act := range a.Activities {
			d := (*act.StartDateLocal)[:10]
			if act.IcuTrainingLoad != nil {
				loads[d] += float64(*act.IcuTrainingLoad)
			} else {
				loads[d] += float64(a.HiddenLoads[*act.Id])
			}
		}
		kc, ka := 1-math.Exp(-1.0/42), 1-math.Exp(-1.0/7)
		ctl, atl := a.InitialCTL, a.InitialATL
		for _, w := range a.Wellness {
			l := loads[*w.Id]
			ctl += (l - ctl) * kc
			atl += (l - atl) * ka
			if math.Abs(float64(*w.Ctl)-ctl) > 0.1 || math.Abs(float64(*w.Atl)-atl) > 0.1 {
				t.Fatalf("%s %s: ctl/atl %v/%v, the model gives %.4f/%.4f", *a.Profile.Id, *w.Id, *w.Ctl, *w.Atl, ctl, atl)
			}
			if float64(*w.CtlLoad) != l || float64(*w.AtlLoad) != l {
				t.Fatalf("%s %s: ctlLoad/atlLoad %v/%v, the day's activities sum to %v", *a.Profile.Id, *w.Id, *w.CtlLoad, *w.AtlLoad, l)
			}
		}
	}
}

func TestActivityLocalDateIsStartDateInZone(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		for _, act := range a.Activities {
			if act.StartDate == nil {
				continue // Strava stub
			}
			utc, err := time.Parse(utcLayout, *act.StartDate)
			if err != nil {
				t.Fatalf("%s start_date %q: %v", *act.Id, *act.StartDate, err)
			}
			if got := utc.In(a.Location).Format(localLayout); got != *act.StartDateLocal {
				t.Fatalf("%s: start_date %s is %s in %s, but start_date_local is %s", *act.Id, *act.StartDate, got, a.Location, *act.StartDateLocal)
			}
		}
	}
}

func TestActivitiesSortedAndUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range testWorld(t).Athletes {
		for i, act := range a.Activities {
			if seen[*act.Id] {
				t.Fatalf("activity id %s used twice", *act.Id)
			}
			seen[*act.Id] = true
			if i > 0 && *act.StartDateLocal < *a.Activities[i-1].StartDateLocal {
				t.Fatalf("%s: %s comes after %s", *a.Profile.Id, *act.StartDateLocal, *a.Activities[i-1].StartDateLocal)
			}
		}
	}
}

func TestStravaStubsHaveOnlyStubFields(t *testing.T) {
	p := testWorld(t).Athletes[0]
	if len(p.StravaStubs) == 0 {
		t.Fatal("the primary athlete has no Strava stubs")
	}
	byID := map[string]map[string]any{}
	for _, act := range p.Activities {
		b, _ := json.Marshal(act)
		var m map[string]any
		json.Unmarshal(b, &m)
		byID[*act.Id] = m
	}
	for _, id := range p.StravaStubs {
		m, ok := byID[id]
		if !ok {
			t.Fatalf("stub %s is not among the activities", id)
		}
		if len(m) != 4 || m["source"] != "STRAVA" || m["start_date_local"] == nil || m["icu_athlete_id"] == nil {
			t.Errorf("stub %s has fields %v, want id, icu_athlete_id, start_date_local, source STRAVA", id, m)
		}
		if p.HiddenLoads[id] <= 0 {
			t.Errorf("stub %s has no hidden load", id)
		}
	}
}

func TestPrimaryTrainsAboutNineHoursAWeek(t *testing.T) {
	p := testWorld(t).Athletes[0]
	total := 0
	for _, act := range p.Activities {
		if act.MovingTime != nil {
			total += int(*act.MovingTime)
		}
	}
	perWeek := float64(total) / 3600 / 52
	if perWeek < 7 || perWeek > 10.5 {
		t.Errorf("primary trains %.1f h a week on average, want about 8-10 (with the sick and holiday weeks)", perWeek)
	}
}

func TestSickPeriodHasNoTrainingAndWorseMarkers(t *testing.T) {
	w := testWorld(t)
	p := w.Athletes[0]
	var sick *period
	for _, e := range p.Events {
		if *e.Category == "SICK" {
			from, _ := time.ParseInLocation(localLayout, *e.StartDateLocal, p.Location)
			to, _ := time.ParseInLocation(localLayout, *e.EndDateLocal, p.Location)
			sick = &period{from, to}
		}
	}
	if sick == nil {
		t.Fatal("no SICK event")
	}
	if days := sick.to.Sub(sick.from).Hours() / 24; days < 5 || days > 8 {
		t.Errorf("sick for %.0f days, want 5-7", days)
	}
	for _, act := range p.Activities {
		d, _ := time.ParseInLocation(localLayout, *act.StartDateLocal, p.Location)
		if sick.has(d) {
			t.Errorf("activity %s on %s, while sick", *act.Id, *act.StartDateLocal)
		}
	}
	var rhrSick, rhrBefore, hrvSick, hrvBefore float64
	var nS, nB int
	for _, wl := range p.Wellness {
		d, _ := time.ParseInLocation(dateLayout, *wl.Id, p.Location)
		switch {
		case sick.has(d):
			rhrSick += float64(*wl.RestingHR)
			hrvSick += float64(*wl.Hrv)
			nS++
		case d.Before(sick.from) && d.After(day(sick.from, -29)):
			rhrBefore += float64(*wl.RestingHR)
			hrvBefore += float64(*wl.Hrv)
			nB++
		}
	}
	if rhrSick/float64(nS) < rhrBefore/float64(nB)+3 || hrvSick/float64(nS) > hrvBefore/float64(nB)*0.85 {
		t.Errorf("sick: resting HR %.1f, HRV %.1f; the month before: %.1f, %.1f; want HR higher, HRV lower",
			rhrSick/float64(nS), hrvSick/float64(nS), rhrBefore/float64(nB), hrvBefore/float64(nB))
	}
}

func TestGenerateReadsTodayAsACalendarDate(t *testing.T) {
	sydney, err := time.LoadLocation("Australia/Sydney")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(Generate(3, time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)))
	b, _ := json.Marshal(Generate(3, time.Date(2026, 11, 30, 23, 59, 0, 0, sydney)))
	if !bytes.Equal(a, b) {
		t.Fatal("the same calendar date at another time of day, in another zone, gave another World")
	}
}

// TestWorldsShareNoSlices: changing a World in place (as a test building its own world for
// the fake may) leaves every other World of the same seed as it was: the default zones are
// copied into each sport setting and activity, not shared with the package.
func TestWorldsShareNoSlices(t *testing.T) {
	before, _ := json.Marshal(Generate(5, testToday))
	w := Generate(5, testToday)
	for _, a := range w.Athletes {
		for _, ss := range a.SportSettings {
			for _, zones := range []*[]int32{ss.PowerZones, ss.HrZones} {
				if zones != nil && len(*zones) > 0 {
					(*zones)[0] = -1
				}
			}
			for _, names := range []*[]string{ss.PowerZoneNames, ss.PaceZoneNames, ss.HrZoneNames} {
				if names != nil && len(*names) > 0 {
					(*names)[0] = "changed"
				}
			}
			if ss.PaceZones != nil && len(*ss.PaceZones) > 0 {
				(*ss.PaceZones)[0] = -1
			}
		}
		for _, act := range a.Activities {
			if act.IcuPowerZones != nil && len(*act.IcuPowerZones) > 0 {
				(*act.IcuPowerZones)[0] = -1
			}
			if act.PaceZones != nil && len(*act.PaceZones) > 0 {
				(*act.PaceZones)[0] = -1
			}
		}
	}
	after, _ := json.Marshal(Generate(5, testToday))
	if !bytes.Equal(before, after) {
		t.Error("changing one World's zones changed the next World of the same seed")
	}
}

func TestGenerateAtTakesEachAthletesLocalDate(t *testing.T) {
	// 20:30 UTC on 30 November: already 1 December in Sydney and Tokyo, still 30 November in
	// Paris and Denver.
	now := time.Date(2026, 11, 30, 20, 30, 0, 0, time.UTC)
	w := GenerateAt(3, now)
	want := map[string]string{"i100001": "2026-12-01", "i100002": "2026-11-30", "i100003": "2026-11-30", "i100004": "2026-12-01"}
	for _, a := range w.Athletes {
		last := *a.Wellness[len(a.Wellness)-1].Id
		if last != want[*a.Profile.Id] {
			t.Errorf("%s (%s): last wellness day %s at %s, want %s", *a.Profile.Id, *a.Profile.Timezone, last, now, want[*a.Profile.Id])
		}
	}
	if got := w.Today.Format(dateLayout); got != "2026-12-01" {
		t.Errorf("World.Today = %s, want the primary's date 2026-12-01", got)
	}
	// An hour later every athlete is still on the same date: so is the World.
	a, _ := json.Marshal(w)
	b, _ := json.Marshal(GenerateAt(3, now.Add(time.Hour)))
	if !bytes.Equal(a, b) {
		t.Error("two instants on the same local dates gave other Worlds")
	}
}
