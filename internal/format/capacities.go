package format

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// CurveModels is what get_capacities reads of a curve answer, fields the spec does not
// declare included (vo2max_5m, powerModels, paceModels); decode the answer's body into it.
type CurveModels struct {
	List []struct {
		ID          string    `json:"id"`
		Vo2max5m    *float64  `json:"vo2max_5m"`
		Distance    []float64 `json:"distance"`
		Values      []float64 `json:"values"`
		PowerModels []struct {
			Type          string   `json:"type"`
			CriticalPower *float64 `json:"criticalPower"`
			WPrime        *float64 `json:"wPrime"`
		} `json:"powerModels"`
		PaceModels []struct {
			Type          string   `json:"type"`
			CriticalSpeed *float64 `json:"criticalSpeed"`
		} `json:"paceModels"`
	} `json:"list"`
}

// Capacities is what get_capacities is made of, read and picked by the tool.
type Capacities struct {
	Athlete       string                         // the athlete's name
	Today         string                         // YYYY-MM-DD, the athlete's today
	Settings      []intervals.SportSettings      // the sport settings (thresholds)
	Estimates     map[string]intervals.SportInfo // Intervals.icu's estimates by sport type (eFTP, W'); nil if none
	EstimatesDate string                         // YYYY-MM-DD of the wellness day the estimates come from
	Wellness      map[string]intervals.Wellness  // recent wellness days by date (a device's VO2max)
	Power, Pace   CurveModels                    // the last year's ride power and run pace curves
}

// Capacities is the answer of get_capacities: per sport the thresholds set and Intervals.icu's
// estimates, the models fitted to the last year, VO2max and VMA; anything not known is said
// to be unknown.
func (u Units) Capacities(c Capacities, max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Capacities of %s, %s (thresholds are what zones are computed from)\n", c.Athlete, DayOf(c.Today))
	if len(c.Settings) == 0 {
		b.WriteString("No sport settings: thresholds unknown.\n")
	}
	for _, s := range c.Settings {
		if line := u.capacityLine(s, c.Estimates, c.EstimatesDate); line != "" {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString(u.modelLine(c.Power, c.Pace))
	b.WriteString(u.vo2Line(c.Wellness, c.Power, c.Pace))
	return Clip(strings.TrimRight(b.String(), "\n"), max)
}

// capacityLine is one sport's thresholds and estimates, "" for settings without a type.
func (u Units) capacityLine(s intervals.SportSettings, est map[string]intervals.SportInfo, estDate string) string {
	types := SportTypes(s)
	if len(types) == 0 {
		return ""
	}
	sport := types[0]
	ride := strings.Contains(sport, "Ride")
	var f []string
	if s.Ftp != nil || ride {
		f = append(f, "FTP "+withUnit(s.Ftp, "W", "unknown"))
		if s.IndoorFtp != nil && (s.Ftp == nil || *s.IndoorFtp != *s.Ftp) {
			f = append(f, "indoor FTP "+withUnit(s.IndoorFtp, "W", "unknown"))
		}
	}
	si, estimated := est[sport]
	if estimated {
		if si.Eftp != nil {
			f = append(f, fmt.Sprintf("eFTP %.0f W (Intervals.icu estimate, %s)", *si.Eftp, DayOf(estDate)))
		}
		if si.WPrime != nil && s.WPrime == nil {
			f = append(f, fmt.Sprintf("W' %.1f kJ (estimate)", *si.WPrime/1000))
		}
	} else if ride {
		f = append(f, "eFTP unknown")
	}
	if s.WPrime != nil {
		f = append(f, fmt.Sprintf("W' %.1f kJ", float64(*s.WPrime)/1000))
	} else if !estimated && ride {
		f = append(f, "W' unknown")
	}
	if s.PMax != nil {
		f = append(f, fmt.Sprintf("Pmax %d W", *s.PMax))
	}
	if s.ThresholdPace != nil && *s.ThresholdPace > 0 {
		f = append(f, "threshold pace "+u.Pace(float64(*s.ThresholdPace), sport))
	} else if strings.Contains(sport, "Run") || strings.Contains(sport, "Swim") {
		f = append(f, "threshold pace unknown")
	}
	f = append(f, "LTHR "+withUnit(s.Lthr, "bpm", "unknown"), "max HR "+withUnit(s.MaxHr, "bpm", "unknown"))
	return fmt.Sprintf("%s (%s): %s", sport, strings.Join(types, ", "), strings.Join(f, ", "))
}

// modelLine reports the critical power and speed Intervals.icu fitted to the last year.
func (u Units) modelLine(pw, pc CurveModels) string {
	var f []string
power:
	for _, c := range pw.List {
		for _, m := range c.PowerModels {
			if m.CriticalPower != nil && m.WPrime != nil {
				f = append(f, fmt.Sprintf("ride critical power %.0f W, W' %.1f kJ (%s model)", *m.CriticalPower, *m.WPrime/1000, m.Type))
				break power
			}
		}
	}
pace:
	for _, c := range pc.List {
		for _, m := range c.PaceModels {
			if m.CriticalSpeed != nil && *m.CriticalSpeed > 0 {
				f = append(f, "run critical speed "+u.Pace(*m.CriticalSpeed, "Run"))
				break pace
			}
		}
	}
	if len(f) == 0 {
		return "Models fitted to the last year: none (too few maximal efforts)\n"
	}
	return "Models fitted to the last year: " + strings.Join(f, "; ") + "\n"
}

// vo2Line reports VO2max (the latest a device reported, else Intervals.icu's estimate from
// the best 5-minute power) and VMA, the best speed held for five to six minutes.
func (u Units) vo2Line(well map[string]intervals.Wellness, pw, pc CurveModels) string {
	vo2 := "VO2max unknown"
	latest := ""
	for d, w := range well {
		if w.Vo2max != nil && *w.Vo2max > 0 && d > latest {
			latest = d
			vo2 = fmt.Sprintf("VO2max %.1f (device, %s)", *w.Vo2max, DayOf(d))
		}
	}
	if latest == "" {
		for _, c := range pw.List {
			if c.Vo2max5m != nil && *c.Vo2max5m > 0 {
				vo2 = fmt.Sprintf("VO2max ≈ %.1f (estimated from the best 5-minute power)", *c.Vo2max5m)
				break
			}
		}
	}
	vma := "VMA unknown (no 5-6 minute run in the last year)"
	for _, c := range pc.List {
		best := 0.0
		for i, d := range c.Distance {
			if i < len(c.Values) && c.Values[i] > 0 && c.Values[i] <= 360 && d/c.Values[i] > best && c.Values[i] >= 300 {
				best = d / c.Values[i]
			}
		}
		if best > 0 {
			vma = fmt.Sprintf("VMA ≈ %s, %s (best 5-6 minute speed of the last year)", u.Speed(best), u.Pace(best, "Run"))
			break
		}
	}
	return vo2 + "; " + vma + "\n"
}

// SportTypes are the activity types a sport's settings apply to, the first naming the sport.
func SportTypes(s intervals.SportSettings) []string {
	if s.Types == nil {
		return nil
	}
	out := make([]string, 0, len(*s.Types))
	for _, t := range *s.Types {
		out = append(out, string(t))
	}
	return out
}

// withUnit writes a positive value with its unit, or says it is missing ("unknown", "unset").
func withUnit(p *int32, unit, missing string) string {
	if p == nil || *p <= 0 {
		return missing
	}
	return fmt.Sprintf("%d %s", *p, unit)
}
