package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// get_capacities: the thresholds set in each sport's settings (what zones are computed from),
// Intervals.icu's own estimates (eFTP and W' from the wellness sportInfo, the models fitted to
// the last year's curves), VO2max as a device reports it, and VMA estimated from the best
// six-minute running speed. Whatever is not known is said to be unknown.

type capacitiesIn struct{}

// rawCurveSet is what get_capacities reads of a curve answer, fields the spec does not
// declare included (vo2max_5m, powerModels, paceModels).
type rawCurveSet struct {
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

func getCapacitiesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_capacities",
		Title:       "Capacities and thresholds",
		Description: "Per sport: FTP and eFTP, W', threshold pace, LTHR, max HR; VO2max and VMA where known.",
		Toolset:     manifest.Performance,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listAthletePowerCurves", "listAthletePaceCurves"},
	}, getCapacities)
}

func getCapacities(ctx context.Context, env *manifest.Env, _ capacitiesIn) (string, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	u := ath.units
	well, err := loadWellness(ctx, env, addDays(today, -89), today)
	if err != nil {
		return "", err
	}
	year := []string{"1y"}
	run := intervals.SportType("Run")
	power, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &year, Type: intervals.SportType("Ride")})
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("read the power curves: %w", err))
	}
	pace, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &year, Type: &run})
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("read the pace curves: %w", err))
	}
	var pw, pc rawCurveSet
	_ = json.Unmarshal(power.Body, &pw) // an answer without curves leaves the estimates unknown
	_ = json.Unmarshal(pace.Body, &pc)

	eftp, eftpDate := sportInfo(well)
	var b strings.Builder
	fmt.Fprintf(&b, "Capacities of %s, %s (thresholds are what zones are computed from)\n", nameOr(ath.Name, env.AthleteID), weekdayDate(today))
	var settings []intervals.SportSettings
	if ath.Profile != nil && ath.Profile.SportSettings != nil {
		settings = *ath.Profile.SportSettings
	}
	if len(settings) == 0 {
		b.WriteString("No sport settings: thresholds unknown.\n")
	}
	for _, s := range settings {
		types := settingsTypes(s)
		if len(types) == 0 {
			continue
		}
		sport := types[0]
		var f []string
		if s.Ftp != nil || isRide(sport) {
			f = append(f, "FTP "+wattsText(s.Ftp))
			if s.IndoorFtp != nil && (s.Ftp == nil || *s.IndoorFtp != *s.Ftp) {
				f = append(f, "indoor FTP "+wattsText(s.IndoorFtp))
			}
		}
		if si, ok := eftp[sport]; ok {
			if si.Eftp != nil {
				f = append(f, fmt.Sprintf("eFTP %.0f W (Intervals.icu estimate, %s)", *si.Eftp, weekdayDate(eftpDate)))
			}
			if si.WPrime != nil && s.WPrime == nil {
				f = append(f, fmt.Sprintf("W' %.1f kJ (estimate)", *si.WPrime/1000))
			}
		} else if isRide(sport) {
			f = append(f, "eFTP unknown")
		}
		if s.WPrime != nil {
			f = append(f, fmt.Sprintf("W' %.1f kJ", float64(*s.WPrime)/1000))
		} else if _, ok := eftp[sport]; !ok && isRide(sport) {
			f = append(f, "W' unknown")
		}
		if s.PMax != nil {
			f = append(f, fmt.Sprintf("Pmax %d W", *s.PMax))
		}
		if s.ThresholdPace != nil && *s.ThresholdPace > 0 {
			f = append(f, "threshold pace "+u.Pace(float64(*s.ThresholdPace), sport))
		} else if isPaced(sport) {
			f = append(f, "threshold pace unknown")
		}
		f = append(f, "LTHR "+bpmText(s.Lthr), "max HR "+bpmText(s.MaxHr))
		fmt.Fprintf(&b, "%s (%s): %s\n", sport, strings.Join(types, ", "), strings.Join(f, ", "))
	}
	b.WriteString(modelLine(pw, pc, u))
	b.WriteString(vo2Line(well, pw, pc, u))
	return format.Clip(strings.TrimRight(b.String(), "\n"), env.MaxChars()), nil
}

// sportInfo is the latest wellness day's sportInfo (eFTP, W', Pmax per sport type).
func sportInfo(well map[string]intervals.Wellness) (map[string]intervals.SportInfo, string) {
	dates := make([]string, 0, len(well))
	for d := range well {
		dates = append(dates, d)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dates)))
	for _, d := range dates {
		w := well[d]
		if w.SportInfo == nil || len(*w.SportInfo) == 0 {
			continue
		}
		out := map[string]intervals.SportInfo{}
		for _, si := range *w.SportInfo {
			if si.Type != nil {
				out[string(*si.Type)] = si
			}
		}
		return out, d
	}
	return nil, ""
}

// modelLine reports the critical power and speed Intervals.icu fitted to the last year.
func modelLine(pw, pc rawCurveSet, u format.Units) string {
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

// vo2Line reports VO2max (a device's value, else Intervals.icu's estimate from the best
// 5-minute power) and VMA, the best speed held for six minutes over the last year.
func vo2Line(well map[string]intervals.Wellness, pw, pc rawCurveSet, u format.Units) string {
	vo2 := "VO2max unknown"
	latest := ""
	for d, w := range well {
		if w.Vo2max != nil && *w.Vo2max > 0 && d > latest {
			latest = d
			vo2 = fmt.Sprintf("VO2max %.1f (device, %s)", *w.Vo2max, weekdayDate(d))
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

func settingsTypes(s intervals.SportSettings) []string {
	if s.Types == nil {
		return nil
	}
	out := make([]string, 0, len(*s.Types))
	for _, t := range *s.Types {
		out = append(out, string(t))
	}
	return out
}

func isRide(sport string) bool { return strings.Contains(sport, "Ride") }

func isPaced(sport string) bool {
	return strings.Contains(sport, "Run") || strings.Contains(sport, "Swim")
}

func wattsText(p *int32) string {
	if p == nil || *p <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d W", *p)
}

func bpmText(p *int32) string {
	if p == nil || *p <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d bpm", *p)
}
