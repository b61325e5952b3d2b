package bench

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// The facts of the answers about activities: the list of 30 days, a ride's details and
// streams, and the power curve (requests_facts_test.go).

func isSwim(sport string) bool { return strings.Contains(sport, "Swim") }
func isFoot(sport string) bool { return strings.Contains(sport, "Run") }

// distance is the key of a distance as the answers write it: whole metres for swims, km with
// two decimals otherwise.
func distance(metres float64, sport string) string {
	if isSwim(sport) {
		return num(metres, 0)
	}
	return num(metres/1000, 2)
}

// pace is the key of a speed in m/s as pace: per 100 m for swims, per km otherwise.
func pace(mps float64, sport string) string {
	if isSwim(sport) {
		return clock(100 / mps)
	}
	return clock(1000 / mps)
}

// activityFigures are the key numbers of an activity every answer listing it shows: moving
// time, distance, pace (runs, swims), average power and NP, average HR, load.
func activityFigures(a intervals.Activity) []string {
	sport := str(a.Type)
	var v []string
	if s, ok := val(a.MovingTime); ok && s > 0 {
		v = append(v, clock(s))
	}
	if m, ok := val(a.Distance); ok && m > 0 {
		v = append(v, distance(m, sport))
		if isSwim(sport) || isFoot(sport) {
			if p, ok := val(a.Pace); ok && p > 0 {
				v = append(v, pace(p, sport))
			} else if s, ok := val(a.MovingTime); ok && s > 0 {
				v = append(v, pace(m/s, sport))
			}
		}
	}
	for _, p := range []*int32{a.IcuAverageWatts, a.IcuWeightedAvgWatts, a.AverageHeartrate, a.IcuTrainingLoad} {
		if x, ok := val(p); ok && x > 0 {
			v = append(v, num(x, 0))
		}
	}
	return v
}

// activityFacts: get_activities of the last 30 days.
func (d *demo) activityFacts(t *testing.T) []fact {
	acts := d.activities(t, d.date(-29), d.date(0))
	fs := []fact{{what: "count", words: []string{fmt.Sprintf("%d activities", len(acts))}},
		{what: "units", words: []string{"bpm", "km", "/100m", "/km", "W"}}}
	for _, a := range acts {
		local := str(a.StartDateLocal)
		fs = append(fs, fact{what: "activity " + str(a.Id), anchor: str(a.Id),
			values: append([]string{local[:10], local[11:16]}, activityFigures(a)...),
			words:  []string{weekdayDate(local), str(a.Type), str(a.Name)}})
	}
	return fs
}

// ride is the ride the questions read: the last of the demo athlete's.
func (d *demo) ride(t *testing.T, q Question) intervals.Activity {
	t.Helper()
	id := regexp.MustCompile(`i\d+`).FindString(q.Args)
	r, err := d.c.GetActivityWithResponse(d.ctx, id, nil)
	var a intervals.Activity
	if err == nil {
		err = json.Unmarshal(r.Body, &a)
	}
	if err != nil || a.Id == nil {
		t.Fatalf("read activity %s: %v", id, err)
	}
	return a
}

// detailFacts: get_activity_details of the ride.
func (d *demo) detailFacts(t *testing.T, q Question) []fact {
	a := d.ride(t, q)
	local := str(a.StartDateLocal)
	v := []string{local[:10], local[11:16]}
	v = append(v, activityFigures(a)...)
	add := func(p *int32, places int) {
		if x, ok := val(p); ok {
			v = append(v, num(x, places))
		}
	}
	addF := func(p *float32, scale float64, places int) {
		if x, ok := val(p); ok {
			v = append(v, num(x*scale, places))
		}
	}
	add(a.ElapsedTime, 0)
	v[len(v)-1] = clock(float64(*a.ElapsedTime))
	addF(a.TotalElevationGain, 1, 0)
	addF(a.TotalElevationLoss, 1, 0)
	addF(a.AverageSpeed, 3.6, 1)
	addF(a.MaxSpeed, 3.6, 1)
	add(a.MaxHeartrate, 0)
	add(a.Lthr, 0)
	add(a.IcuFtp, 0)
	addF(a.IcuIntensity, 1, 0)
	ctl, atl := float64(*a.IcuCtl), float64(*a.IcuAtl)
	v = append(v, num(ctl, 1), num(atl, 1), num(ctl-atl, 1))
	add(a.IcuRpe, 0)
	addF(a.AverageCadence, 1, 0)
	add(a.Calories, 0)
	v = append(v, num(float64(*a.PairedEventId), 0))
	words := []string{weekdayDate(local), str(a.Type), str(a.Name), str(a.Id), "km/h", "bpm", " W", "kcal", str(a.DeviceName), str(a.Gear.Id)}
	for _, z := range *a.IcuZoneTimes {
		if *z.Secs > 0 {
			v = append(v, clock(float64(*z.Secs)))
			words = append(words, *z.Id)
		}
	}
	for i, s := range *a.IcuHrZoneTimes {
		if s > 0 {
			v = append(v, clock(float64(s)))
			words = append(words, fmt.Sprintf("Z%d", i+1))
		}
	}
	words = append(words, *a.IntervalSummary...)
	return []fact{{what: "the ride " + str(a.Id), values: v, words: words}}
}

// streamFacts: get_activity_streams of the ride (60 bucket means, the tool's default).
func (d *demo) streamFacts(t *testing.T, q Question) []fact {
	a := d.ride(t, q)
	r, err := d.c.GetActivityStreamsWithResponse(d.ctx, str(a.Id), "", nil)
	if err != nil || r.JSON200 == nil {
		t.Fatalf("read streams: %v", err)
	}
	const points = 60
	byType := map[string][]float64{}
	for _, s := range *r.JSON200 {
		raw, _ := s.Data.([]any)
		v := make([]float64, len(raw))
		for i, x := range raw {
			v[i], _ = x.(float64)
		}
		byType[str(s.Type)] = v
	}
	times := byType["time"]
	n := len(times)
	fs := []fact{{what: "samples and span", values: []string{num(float64(n), 0), clock(times[n-1])}, words: []string{str(a.Id)}},
		{what: "distance", anchor: "distance", values: []string{distance(byType["distance"][n-1], "Ride")}, words: []string{"km"}},
		{what: "GPS track", anchor: "latlng", words: []string{"not shown"}}}
	zones := map[string][]float64{}
	for _, z := range *a.IcuHrZones {
		zones["heartrate"] = append(zones["heartrate"], float64(z))
	}
	for _, z := range *a.IcuPowerZones {
		zones["watts"] = append(zones["watts"], float64(z)*float64(*a.IcuFtp)/100)
	}
	units := map[string]string{"watts": "W", "cadence": "rpm", "heartrate": "bpm", "altitude": "m", "velocity_smooth": "km/h", "temp": "°C"}
	for _, name := range []string{"watts", "cadence", "heartrate", "altitude", "velocity_smooth", "temp"} {
		v, ok := byType[name]
		if !ok {
			t.Fatalf("the ride has no %s stream", name)
		}
		scale, places := 1.0, 1
		if name == "velocity_smooth" {
			scale = 3.6 // km/h
		}
		show := func(x float64) string { return num(x*scale, places) }
		lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
		for _, x := range v {
			lo, hi, sum = math.Min(lo, x), math.Max(hi, x), sum+x
		}
		f := fact{what: name, anchor: name, values: []string{show(lo), show(sum / float64(len(v))), show(hi)}, words: []string{units[name]}}
		// a bucket's mean is as precise as the stream's samples: whole watts, rpm, bpm and
		// °C, as the API sends them; a tenth of a metre or of a km/h
		whole := !slices.ContainsFunc(v, func(x float64) bool { return x != math.Trunc(x) })
		size := int(math.Ceil(float64(len(v)) / points))
		for start := 0; start < len(v); start += size {
			end := min(start+size, len(v))
			s := 0.0
			for _, x := range v[start:end] {
				s += x
			}
			if whole {
				f.run = append(f.run, num(s/float64(end-start), 0))
			} else {
				f.run = append(f.run, show(s/float64(end-start)))
			}
		}
		if bounds := zones[name]; len(bounds) > 0 {
			secs := make([]float64, len(bounds))
			for _, x := range v {
				k := sort.SearchFloat64s(bounds, x)
				secs[min(k, len(bounds)-1)]++
			}
			for i, s := range secs {
				if s == 0 {
					// a zone without time may be left out, if the answer says so
					fs = append(fs, fact{what: fmt.Sprintf("%s: Z%d without time", name, i+1), words: []string{"zones without time left out"}})
					continue
				}
				f.values = append(f.values, clock(s))
				f.words = append(f.words, fmt.Sprintf("Z%d %s", i+1, clock(s)))
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// curveFacts: get_athlete_power_curves, the tool's default periods (90 days, 1 year) of
// rides, in W and W/kg at the durations it shows.
func (d *demo) curveFacts(t *testing.T) []fact {
	ids, now := []string{"90d", "1y"}, d.date(0)
	r, err := d.c.ListAthletePowerCurvesWithResponse(d.ctx, "0", "", &intervals.ListAthletePowerCurvesParams{Curves: &ids, Type: "Ride", Now: &now})
	if err != nil || r.JSON200 == nil || r.JSON200.List == nil {
		t.Fatalf("read the power curves: %v", err)
	}
	durations := map[int32]string{5: "5s", 15: "15s", 30: "30s", 60: "1m", 120: "2m", 300: "5m", 600: "10m", 1200: "20m", 1800: "30m", 3600: "60m", 5400: "90m"}
	var fs []fact
	for _, c := range *r.JSON200.List {
		f := fact{what: "curve " + str(c.Label), anchor: str(c.Label), words: []string{"W/kg", " W"},
			values: []string{str(c.StartDateLocal)[:10], str(c.EndDateLocal)[:10]}}
		for i, s := range *c.Secs {
			name, ok := durations[s]
			if !ok {
				continue
			}
			w := float64((*c.Values)[i])
			f.values = append(f.values, num(w, 0), num(w/float64(*c.Weight), 2))
			f.words = append(f.words, name)
		}
		fs = append(fs, f)
	}
	return fs
}
