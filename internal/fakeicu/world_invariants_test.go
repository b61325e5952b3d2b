package fakeicu

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// The demo world must hold together the way a coach reads it: these invariants are checked
// over whole generated worlds, for several seeds and clocks (the Denver athlete's day
// starts seven hours after Sydney's ends; 02:00 UTC is still yesterday evening in Denver).

var invariantWorlds = []struct {
	seed int64
	now  time.Time
}{
	{1, time.Date(2026, 11, 30, 20, 30, 0, 0, time.UTC)}, // the sample calls' clock
	{2, time.Date(2026, 3, 11, 2, 0, 0, 0, time.UTC)},
	{3, time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)}, // 03:00 in Denver
}

// invariantFakes are the fakes of invariantWorlds, made once: their curves' best efforts are
// cached per fake, and several tests read them.
var invariantFakes = make([]struct {
	once sync.Once
	f    *Fake
}, len(invariantWorlds))

func forEachWorld(t *testing.T, check func(t *testing.T, f *Fake, w *synth.World, now time.Time)) {
	for i, c := range invariantWorlds {
		t.Run(fmt.Sprintf("seed %d at %s", c.seed, c.now.Format(time.RFC3339)), func(t *testing.T) {
			inv := &invariantFakes[i]
			inv.once.Do(func() { inv.f = New(Options{Seed: c.seed, Now: func() time.Time { return c.now }}) })
			check(t, inv.f, inv.f.World(), c.now)
		})
	}
}

// TestWorldCurvesNeverRiseWithDuration: power and heart rate never higher over a longer
// duration, speed never higher over a longer distance, in every curve the fake serves.
func TestWorldCurvesNeverRiseWithDuration(t *testing.T) {
	type curve struct {
		ID       string    `json:"id"`
		Secs     []int     `json:"secs"`
		Distance []float64 `json:"distance"`
		Values   []float64 `json:"values"`
	}
	forEachWorld(t, func(t *testing.T, f *Fake, w *synth.World, _ time.Time) {
		for _, a := range w.Athletes {
			id := *a.Profile.Id
			for _, path := range []string{"power-curves?type=Ride", "hr-curves?type=Ride", "hr-curves?type=Run", "pace-curves?type=Run", "pace-curves?type=Swim"} {
				set := decode[struct{ List []curve }](t, mustStatus(t, f, 200, "GET", "/api/v1/athlete/"+id+"/"+path+"&curves=1y,90d,42d", ""))
				for _, c := range set.List {
					for i := 1; i < len(c.Values); i++ {
						if c.Distance == nil {
							if c.Values[i] > c.Values[i-1] {
								t.Errorf("%s %s %s: %g over %d s after %g over %d s", id, path, c.ID, c.Values[i], c.Secs[i], c.Values[i-1], c.Secs[i-1])
							}
							continue
						}
						// Times are whole seconds: speed may rise by what rounding gives.
						if slower := (c.Values[i] + 0.5) / c.Distance[i]; slower < (c.Values[i-1]-0.5)/c.Distance[i-1] {
							t.Errorf("%s %s %s: %g m in %g s is faster than %g m in %g s", id, path, c.ID, c.Distance[i], c.Values[i], c.Distance[i-1], c.Values[i-1])
						}
					}
				}
			}
		}
	})
}

// TestWorldFTPRestsOnTheBestEfforts: the FTP set, today's eFTP and the best efforts tell one
// story. eFTP is about 95% of the best 20 minutes of the last 90 days (the streams' noise
// aside), FTP is within 5% of it, and no hour of the year was ridden above it.
func TestWorldFTPRestsOnTheBestEfforts(t *testing.T) {
	type curve struct {
		Secs   []int `json:"secs"`
		Values []int `json:"values"`
	}
	at := func(c curve, secs int) float64 {
		if i := slices.Index(c.Secs, secs); i >= 0 {
			return float64(c.Values[i])
		}
		return 0
	}
	forEachWorld(t, func(t *testing.T, f *Fake, w *synth.World, _ time.Time) {
		for _, a := range w.Athletes {
			id := *a.Profile.Id
			ftp := float64(*a.SportSettings[0].Ftp)
			today := a.Wellness[len(a.Wellness)-1]
			if today.SportInfo == nil || len(*today.SportInfo) == 0 || (*today.SportInfo)[0].Eftp == nil {
				t.Errorf("%s: no eFTP today", id)
				continue
			}
			eftp := float64(*(*today.SportInfo)[0].Eftp)
			set := decode[struct{ List []curve }](t, mustStatus(t, f, 200, "GET", "/api/v1/athlete/"+id+"/power-curves?type=Ride&curves=90d,1y", ""))
			best20, best60 := at(set.List[0], 1200), at(set.List[1], 3600)
			if r := eftp / (0.95 * best20); r < 0.98 || r > 1.02 {
				t.Errorf("%s: eFTP %.0f W, the best 20 minutes of 90 days %.0f W (95%%: %.0f W)", id, eftp, best20, 0.95*best20)
			}
			if r := ftp / eftp; r < 0.95 || r > 1.05 {
				t.Errorf("%s: FTP %.0f W, eFTP %.0f W: more than 5%% apart", id, ftp, eftp)
			}
			if best60 > eftp*1.02 {
				t.Errorf("%s: best hour of the year %.0f W, above eFTP %.0f W", id, best60, eftp)
			}
		}
	})
}

// TestWorldZoneTimesAreTheStreams: the time in heart-rate and power zones an activity
// reports is what its streams add up to (get_activity_details and get_activity_streams
// show the same), counted as a client counts: each sample in the first zone whose top it
// does not exceed.
func TestWorldZoneTimesAreTheStreams(t *testing.T) {
	count := func(samples []int32, tops []float64) []int32 {
		out := make([]int32, len(tops))
		for _, v := range samples {
			k, _ := slices.BinarySearch(tops, float64(v))
			out[min(k, len(tops)-1)]++
		}
		return out
	}
	forEachWorld(t, func(t *testing.T, _ *Fake, w *synth.World, _ time.Time) {
		for _, a := range w.Athletes {
			for _, act := range a.Activities {
				spec, ok := a.StreamSpecs[deref(act.Id)]
				if !ok {
					continue // a Strava stub
				}
				var hrTops, powerTops []float64
				for _, v := range deref(act.IcuHrZones) {
					hrTops = append(hrTops, float64(v))
				}
				for _, v := range deref(act.IcuPowerZones) {
					powerTops = append(powerTops, float64(v)*float64(deref(act.IcuFtp))/100)
				}
				for _, s := range synth.Streams(spec, []string{"heartrate", "watts"}) {
					switch *s.Type {
					case "heartrate":
						if got, want := deref(act.IcuHrZoneTimes), count(s.Data.([]int32), hrTops); !slices.Equal(got, want) {
							t.Errorf("%s %s %s: HR zone times %v, the stream's %v", *a.Profile.Id, *act.Id, *act.Type, got, want)
						}
					case "watts":
						var got []int32
						for _, z := range deref(act.IcuZoneTimes) {
							got = append(got, deref(z.Secs))
						}
						if want := count(s.Data.([]int32), powerTops); !slices.Equal(got, want) {
							t.Errorf("%s %s %s: power zone times %v, the stream's %v", *a.Profile.Id, *act.Id, *act.Type, got, want)
						}
					}
				}
			}
		}
	})
}

// TestWorldNothingAfterNowIsDone: no activity ends after the clock, and no session after it
// is paired with one, whatever the athlete's time zone.
func TestWorldNothingAfterNowIsDone(t *testing.T) {
	forEachWorld(t, func(t *testing.T, _ *Fake, w *synth.World, now time.Time) {
		for _, a := range w.Athletes {
			loc, err := time.LoadLocation(*a.Profile.Timezone)
			if err != nil {
				t.Fatal(err)
			}
			for _, act := range a.Activities {
				start, err := time.ParseInLocation("2006-01-02T15:04:05", deref(act.StartDateLocal), loc)
				if err != nil {
					t.Fatal(err)
				}
				if end := start.Add(time.Duration(deref(act.ElapsedTime)) * time.Second); end.After(now) {
					t.Errorf("%s: activity %s ends at %s, after now (%s there)", *a.Profile.Id, *act.Id, end.Format(time.RFC3339), now.In(loc).Format(time.RFC3339))
				}
			}
			for _, e := range a.Events {
				if _, paired := a.PairedActivity[deref(e.Id)]; !paired {
					continue
				}
				if start, _ := time.ParseInLocation("2006-01-02T15:04:05", deref(e.StartDateLocal), loc); start.After(now) {
					t.Errorf("%s: event %d on %s is done, after now (%s there)", *a.Profile.Id, *e.Id, *e.StartDateLocal, now.In(loc).Format(time.RFC3339))
				}
			}
		}
	})
}

// TestWorldZonesEndAsTheRealAPIs: power and pace zones are tops in % of threshold whose last,
// open zone is 999, as the recorded sport settings (../shared/fixtures) send them; heart-rate
// zones end at max HR.
func TestWorldZonesEndAsTheRealAPIs(t *testing.T) {
	a := synth.Generate(1, time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)).Athletes[0]
	for _, ss := range a.SportSettings {
		for name, z := range map[string][]float64{"power": floats(ss.PowerZones), "pace": floats(ss.PaceZones)} {
			if len(z) > 0 && z[len(z)-1] != 999 {
				t.Errorf("%v %s zones %v: the last is not 999", *ss.Types, name, z)
			}
		}
		if hr := deref(ss.HrZones); len(hr) == 0 || hr[len(hr)-1] != deref(ss.MaxHr) {
			t.Errorf("%v HR zones %v do not end at max HR %d", *ss.Types, hr, deref(ss.MaxHr))
		}
	}
}

func floats[T int32 | float32](v *[]T) []float64 {
	var out []float64
	for _, x := range deref(v) {
		out = append(out, math.Round(float64(x)*10)/10)
	}
	return out
}
