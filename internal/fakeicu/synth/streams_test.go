package synth

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// fourHourRide is the spec of one of the primary athlete's 4-hour outdoor rides.
func fourHourRide(t testing.TB) StreamSpec {
	t.Helper()
	p := testWorld(t).Athletes[0]
	for _, act := range p.Activities {
		if act.Type != nil && *act.Type == "Ride" && *act.MovingTime == 14400 {
			return p.StreamSpecs[*act.Id]
		}
	}
	t.Fatal("the primary athlete has no 4-hour ride")
	return StreamSpec{}
}

func TestStreamsFourHourRideHas14400SamplesPerStream(t *testing.T) {
	spec := fourHourRide(t)
	streams := Streams(spec, nil)
	want := []string{"time", "watts", "cadence", "heartrate", "distance", "altitude", "latlng", "velocity_smooth", "temp"}
	if len(streams) != len(want) {
		t.Fatalf("%d streams, want %d (%v)", len(streams), len(want), want)
	}
	for i, s := range streams {
		if *s.Type != want[i] {
			t.Errorf("stream %d is %s, want %s", i, *s.Type, want[i])
		}
		if n := sampleCount(s.Data); n != 14400 {
			t.Errorf("%s has %d samples, want 14400", *s.Type, n)
		}
		if *s.Type == "latlng" {
			if n := sampleCount(s.Data2); n != 14400 {
				t.Errorf("latlng data2 has %d samples, want 14400", n)
			}
		} else if s.Data2 != nil {
			t.Errorf("%s has data2", *s.Type)
		}
	}
}

func sampleCount(d any) int {
	switch v := d.(type) {
	case []int32:
		return len(v)
	case []float32:
		return len(v)
	}
	return -1
}

func TestStreamsFilterAndOrder(t *testing.T) {
	p := testWorld(t).Athletes[0]
	for _, act := range p.Activities {
		if act.Type == nil {
			continue
		}
		spec := p.StreamSpecs[*act.Id]
		got := Streams(spec, []string{"heartrate", "watts", "time", "nonsense"})
		var names []string
		for _, s := range got {
			names = append(names, *s.Type)
		}
		want := []string{"time", "watts", "heartrate"}
		if !isRide(*act.Type) {
			want = []string{"time", "heartrate"}
		}
		if !slices.Equal(names, want) {
			t.Fatalf("%s %s: streams %v, want %v", *act.Type, *act.Id, names, want)
		}
		if !slices.Equal(StreamTypes(spec), *act.StreamTypes) {
			t.Fatalf("%s: stream_types %v, the streams are %v", *act.Id, *act.StreamTypes, StreamTypes(spec))
		}
	}
}

func TestStreamsSameSpecSameSamples(t *testing.T) {
	spec := fourHourRide(t)
	a, _ := json.Marshal(Streams(spec, nil))
	b, _ := json.Marshal(Streams(spec, nil))
	if !bytes.Equal(a, b) {
		t.Fatal("the same spec gave different streams")
	}
	// A stream is the same whether asked alone or with the others.
	alone, _ := json.Marshal(Streams(spec, []string{"heartrate"})[0])
	all := Streams(spec, nil)
	with, _ := json.Marshal(all[3])
	if !bytes.Equal(alone, with) {
		t.Fatal("heartrate differs when asked alone")
	}
}

// TestStreamsAgreeWithActivity checks every activity's streams against its summary: mean
// power, mean and max heart rate, distance, elevation gain, moving time.
func TestStreamsAgreeWithActivity(t *testing.T) {
	w := testWorld(t)
	for _, a := range w.Athletes {
		maxHR := float64(*(*a.Profile.SportSettings)[0].MaxHr)
		for i, act := range a.Activities {
			if act.Type == nil || i%3 != 0 { // a third of them keeps the test quick
				continue
			}
			spec := a.StreamSpecs[*act.Id]
			byType := map[string]api.ActivityStream{}
			for _, s := range Streams(spec, nil) {
				byType[*s.Type] = s
			}
			hr := byType["heartrate"].Data.([]int32)
			if len(hr) != int(*act.MovingTime) {
				t.Fatalf("%s: %d samples for a moving time of %d s", *act.Id, len(hr), *act.MovingTime)
			}
			if m := meanI(hr); math.Abs(m-float64(*act.AverageHeartrate)) > 3 {
				t.Errorf("%s: mean HR %.1f, activity says %d", *act.Id, m, *act.AverageHeartrate)
			}
			if m := float64(slices.Max(hr)); m > maxHR {
				t.Errorf("%s: HR %v above the athlete's max %v", *act.Id, m, maxHR)
			}
			if isRide(*act.Type) {
				if m := meanI(byType["watts"].Data.([]int32)); math.Abs(m/float64(*act.IcuAverageWatts)-1) > 0.02 {
					t.Errorf("%s: mean power %.1f W, activity says %d W", *act.Id, m, *act.IcuAverageWatts)
				}
			}
			dist := byType["distance"].Data.([]float32)
			if d := float64(dist[len(dist)-1]); math.Abs(d/float64(*act.Distance)-1) > 0.01 {
				t.Errorf("%s: streams cover %.0f m, activity says %.0f m", *act.Id, d, *act.Distance)
			}
			if alt, ok := byType["altitude"]; ok {
				g := gain(alt.Data.([]float32))
				if want := float64(*act.TotalElevationGain); math.Abs(g-want) > 0.05*want+5 {
					t.Errorf("%s: altitude stream climbs %.0f m, activity says %.0f m", *act.Id, g, want)
				}
			}
		}
	}
}

func meanI(x []int32) float64 {
	s := 0.0
	for _, v := range x {
		s += float64(v)
	}
	return s / float64(len(x))
}

func gain(alt []float32) float64 {
	g := 0.0
	for i := 1; i < len(alt); i++ {
		if d := float64(alt[i] - alt[i-1]); d > 0 {
			g += d
		}
	}
	return g
}

func TestBestPowerNonIncreasingWithDuration(t *testing.T) {
	spec := fourHourRide(t)
	durs := []int{1, 5, 15, 30, 60, 300, 600, 1200, 3600, 7200, 14400, 14401}
	best := BestPower(spec, durs)
	for i := 1; i < len(best)-1; i++ {
		if best[i] > best[i-1] || best[i] <= 0 {
			t.Errorf("best %ds %.1f W after best %ds %.1f W", durs[i], best[i], durs[i-1], best[i-1])
		}
	}
	if best[len(best)-1] != 0 {
		t.Errorf("best power over %ds of a %ds ride is %v, want 0", durs[len(durs)-1], spec.Seconds, best[len(best)-1])
	}
	watts := Streams(spec, []string{"watts"})[0].Data.([]int32)
	if got, want := best[len(best)-2], meanI(watts); math.Abs(got-want) > 0.1 {
		t.Errorf("best power over the whole ride %.1f, its mean power is %.1f", got, want)
	}
}

func TestBestHRWithinMax(t *testing.T) {
	spec := fourHourRide(t)
	best := BestHR(spec, []int{1, 60, 1200})
	if best[0] > float64(spec.MaxHR) || best[2] > best[1] || best[1] > best[0] {
		t.Errorf("best HR %v: want non-increasing and at most max HR %d", best, spec.MaxHR)
	}
}

func TestBestPaceOfARun(t *testing.T) {
	p := testWorld(t).Athletes[0]
	for _, act := range p.Activities {
		if act.Type == nil || *act.Type != "Run" || *act.Distance < 12000 {
			continue
		}
		spec := p.StreamSpecs[*act.Id]
		dists := []float64{400, 1000, 5000, 10000, 1e6}
		best := BestPace(spec, dists)
		for i := 1; i < len(dists)-1; i++ {
			if best[i] <= best[i-1] {
				t.Errorf("best %gm in %.1fs, but best %gm in %.1fs", dists[i], best[i], dists[i-1], best[i-1])
			}
		}
		// 10 km at about the run's average speed.
		if want := 10000 / float64(*act.AverageSpeed); best[3] > want*1.01 || best[3] < want*0.85 {
			t.Errorf("best 10 km %.0fs, the run's average speed gives %.0fs", best[3], want)
		}
		if best[4] != 0 {
			t.Errorf("best 1000 km of a run is %v, want 0", best[4])
		}
		if got := BestPower(spec, []int{60}); got[0] != 0 {
			t.Errorf("best power of a run without power is %v, want 0", got[0])
		}
		return
	}
	t.Fatal("no run over 12 km")
}

// normalisedPower is NP from a watts stream: the fourth-power mean of 30 s rolling means.
func normalisedPower(w []int32) float64 {
	prefix := make([]float64, len(w)+1)
	for i, v := range w {
		prefix[i+1] = prefix[i] + float64(v)
	}
	var sum float64
	n := 0
	for i := 30; i <= len(w); i++ {
		sum += math.Pow((prefix[i]-prefix[i-30])/30, 4)
		n++
	}
	return math.Pow(sum/float64(n), 0.25)
}

func TestStreamsNormalisedPowerIsTheActivity(t *testing.T) {
	p := testWorld(t).Athletes[0]
	for i, act := range p.Activities {
		if act.Type == nil || !isRide(*act.Type) || i%4 != 0 {
			continue
		}
		w := Streams(p.StreamSpecs[*act.Id], []string{"watts"})[0].Data.([]int32)
		if np := normalisedPower(w); math.Abs(np/float64(*act.IcuWeightedAvgWatts)-1) > 0.02 {
			t.Errorf("%s %s: NP of the stream %.0f W, activity says %d W", *act.Id, *act.Name, np, *act.IcuWeightedAvgWatts)
		}
	}
}

func TestOutdoorRidesHaveSprints(t *testing.T) {
	spec := fourHourRide(t)
	best := BestPower(spec, []int{5, 3600})
	if best[0] < 2*float64(spec.FTP) || best[1] > float64(spec.FTP) {
		t.Errorf("best 5 s %.0f W, best hour %.0f W, FTP %d: want sprints over twice FTP and an hour below it", best[0], best[1], spec.FTP)
	}
}
