package synth

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// Subjective wellness scores use Intervals.icu's 1-4 scales, 1 being the best state:
// sleepQuality 1 great .. 4 poor; soreness, fatigue, stress 1 low .. 4 extreme; mood
// 1 great .. 4 grumpy; motivation 1 extreme .. 4 low.

// fitness computes the athlete's fitness (CTL) and fatigue (ATL) day by day, from the
// first day of history through the last, with Intervals.icu's model (internal/load).
func fitness(first, last time.Time, initCTL, initATL float64, loads map[string]float64) []load.Day {
	days, err := load.Default().Series(first.Format(dateLayout), initCTL, initATL, loads, nil, last.Format(dateLayout))
	if err != nil {
		// Dates and loads are made here, well-formed: an error is a bug in this package.
		panic("synth: fitness series: " + err.Error())
	}
	return days
}

// wellness makes one row per day of the series: fitness and fatigue from the loads, body
// measures that drift slowly, recovery markers that react to fatigue and to the sick
// period, subjective scores most days.
func (p person) wellness(r *rand.Rand, pl *plan, days []load.Day, eftp func(date time.Time) (float64, bool)) []api.Wellness {
	out := make([]api.Wellness, 0, len(days))
	hrvBase := 62 + 10*r.Float64()
	for i, d := range days {
		date := day(pl.first, i)
		sick := pl.sick != nil && pl.sick.has(date)
		// Recovering: the week after being sick.
		recovering := pl.sick != nil && !sick && !date.Before(pl.sick.to) && date.Before(day(pl.sick.to, 7))
		form := d.Fitness - d.Fatigue
		phase := 2 * math.Pi * float64(i) / 365
		w := api.Wellness{
			Id: ptr(d.Date), Ctl: f32(d.Fitness, 4), Atl: f32(d.Fatigue, 4),
			CtlLoad: f32(d.Load, 1), AtlLoad: f32(d.Load, 1), RampRate: f32(d.RampRate, 4),
			Updated: stamp(at(date, 7, 5+r.IntN(40))), TempWeight: ptr(false), TempRestingHR: ptr(false),
		}
		info := api.SportInfo{Type: ptr(api.SportTypeRide),
			WPrime: f32(19000+r.Float64()*500, 0), PMax: f32(float64(p.t.ftp)*3.6, 0)}
		if v, ok := eftp(date); ok {
			info.Eftp = f32(v, 2)
		}
		w.SportInfo = &[]api.SportInfo{info}
		if r.Float64() < 0.9 {
			w.Weight = f32(p.weight+0.8*math.Sin(phase)-0.6*float64(i)/365+0.3*r.NormFloat64(), 1)
		}
		rhr := float64(p.t.restHR) + 0.08*math.Max(-form, 0) + r.NormFloat64()
		hrv := hrvBase + 0.15*form + 4*r.NormFloat64()
		sleep := 7.3*3600 + 2400*r.NormFloat64()
		if sick {
			rhr += 7
			hrv *= 0.65
			sleep -= 3600
		} else if recovering {
			rhr += 3
			hrv *= 0.85
		}
		w.RestingHR = i32(rhr)
		w.Hrv = f32(math.Max(hrv, 15), 1)
		w.SleepSecs = i32(clamp(sleep, 4*3600, 10*3600))
		w.SleepScore = f32(clamp(55+float64(*w.SleepSecs)/3600*4+5*r.NormFloat64(), 30, 100), 0)
		w.AvgSleepingHR = f32(rhr+4, 1)
		w.Steps = i32(6000 + 5000*r.Float64())
		w.SpO2 = f32(96+2*r.Float64(), 1)
		w.Respiration = f32(14.5+r.NormFloat64()*0.6+map[bool]float64{true: 2}[sick], 1)
		if r.Float64() < 0.85 || sick {
			bad := 0.0
			if sick {
				bad = 2
			} else if recovering {
				bad = 1
			}
			score := func(v float64) *int32 { return ptr(int32(clamp(math.Round(v), 1, 4))) }
			w.SleepQuality = score(2 + bad*0.6 + 0.7*r.NormFloat64() - (float64(*w.SleepSecs)/3600-7.3)*0.5)
			w.Soreness = score(1.6 + math.Max(-form, 0)/15 + 0.6*r.NormFloat64())
			w.Fatigue = score(1.7 + bad + math.Max(-form, 0)/12 + 0.6*r.NormFloat64())
			w.Stress = score(1.8 + 0.7*r.NormFloat64())
			w.Mood = score(1.8 + bad*0.7 + 0.6*r.NormFloat64())
			w.Motivation = score(1.8 + bad*0.8 + 0.6*r.NormFloat64())
		}
		if sick {
			w.Comments = ptr("Flu: fever, stayed in bed")
		}
		out = append(out, w)
	}
	return out
}

// efforts are the best 20 minutes of power of each ride, by local date: what eFTP is
// estimated from.
type efforts []effort

type effort struct {
	date  time.Time
	watts float64
}

// eftpWindow is how far back eFTP looks for efforts.
const eftpWindow = 90

// eftp is the estimated FTP on date: 95% of the best 20 minutes ridden in the eftpWindow
// days up to it; false when no ride held 20 minutes then.
func (es efforts) eftp(date time.Time) (float64, bool) {
	best := 0.0
	from := day(date, -eftpWindow+1)
	for _, e := range es {
		if !e.date.Before(from) && !e.date.After(date) {
			best = math.Max(best, e.watts)
		}
	}
	return 0.95 * best, best > 0
}
