package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// log_metrics records one day's measurements and how the athlete feels, through
// updateWellness (PUT wellness/{date}): only the fields given are sent, so the rest of the
// day stays as it was. The subjective 1-4 scales are described with format's labels, the one
// definition every tool uses.

// scaleLegends describes the 1-4 fields compactly from format's labels, the fields of one
// legend together: "soreness, fatigue, stress 1 Low..4 Extreme; ...".
func scaleLegends() string {
	var legends []string
	fields := map[string][]string{}
	for _, f := range format.ScaleFields {
		l := strings.Split(format.ScaleLegend(f), ", ")
		legend := l[0] + ".." + l[3]
		if fields[legend] == nil {
			legends = append(legends, legend)
		}
		fields[legend] = append(fields[legend], metricsArg(f))
	}
	parts := make([]string, len(legends))
	for i, l := range legends {
		parts[i] = strings.Join(fields[l], ", ") + " " + l
	}
	return strings.Join(parts, "; ")
}

// metricsArg is the argument of log_metrics for a wellness scale field.
func metricsArg(field string) string {
	if field == "sleepQuality" {
		return "sleep_quality"
	}
	return field
}

// metricEntries reads OpenAthlete's log_metrics entries ([{type, value, date, notes}]) as our
// arguments: one day's, each type once. Its types Intervals.icu keeps nowhere (VMA, VO2max)
// are refused saying so.
func metricEntries(v json.RawMessage) (map[string]json.RawMessage, error) {
	var entries []struct {
		Type  string          `json:"type"`
		Value json.RawMessage `json:"value"`
		Date  string          `json:"date"`
		Notes string          `json:"notes"`
	}
	if err := json.Unmarshal(v, &entries); err != nil || len(entries) == 0 {
		return nil, fmt.Errorf("expected a list of {type, value, date, notes}")
	}
	ours := map[string]json.RawMessage{}
	var notes []string
	date := ""
	for _, e := range entries {
		arg, sport := "", ""
		switch e.Type {
		case "WEIGHT":
			arg = "weight"
		case "HR_REST":
			arg = "resting_hr"
		case "HR_MAX":
			arg = "max_hr"
		case "HRV_LAST_NIGHT_AVG":
			arg = "hrv"
		case "FTP_CYCLING":
			arg, sport = "ftp", "Ride"
		case "FTP_RUNNING":
			arg, sport = "ftp", "Run"
		default:
			return nil, fmt.Errorf("%s: not a metric Intervals.icu keeps here; log_metrics takes WEIGHT, HR_REST, HR_MAX, HRV_LAST_NIGHT_AVG, FTP_CYCLING, FTP_RUNNING (or its own arguments: weight, resting_hr, sleep ...)", e.Type)
		}
		if _, twice := ours[arg]; twice {
			return nil, fmt.Errorf("%s is given twice (as %s): one value a call", e.Type, arg)
		}
		if e.Date != "" && date != "" && e.Date != date {
			return nil, fmt.Errorf("the entries are of %s and %s: one day a call", date, e.Date)
		}
		if e.Date != "" {
			date = e.Date
		}
		ours[arg] = e.Value
		if sport != "" {
			ours["sport"], _ = json.Marshal(sport)
		}
		if n := strings.TrimSpace(e.Notes); n != "" {
			notes = append(notes, n)
		}
	}
	if date != "" {
		ours["date"], _ = json.Marshal(date)
	}
	if len(notes) > 0 {
		ours["notes"], _ = json.Marshal(strings.Join(notes, "; "))
	}
	return ours, nil
}

type logMetricsIn struct {
	Date         string   `json:"date,omitempty" jsonschema_description:"YYYY-MM-DD, default today"`
	Weight       *float64 `json:"weight,omitempty" spec:"Wellness.weight" jsonschema_description:"kg"`
	RestingHR    *int     `json:"resting_hr,omitempty" spec:"Wellness.restingHR" jsonschema_description:"bpm"`
	HRV          *float64 `json:"hrv,omitempty" spec:"Wellness.hrv" jsonschema_description:"rMSSD, ms"`
	Sleep        string   `json:"sleep,omitempty" spec:"Wellness.sleepSecs" jsonschema_description:"Hours (7.5) or h:mm"`
	SleepScore   *float64 `json:"sleep_score,omitempty" spec:"Wellness.sleepScore" jsonschema_description:"0-100"`
	SleepQuality *int     `json:"sleep_quality,omitempty" spec:"Wellness.sleepQuality"`
	Soreness     *int     `json:"soreness,omitempty" spec:"Wellness.soreness"`
	Fatigue      *int     `json:"fatigue,omitempty" spec:"Wellness.fatigue"`
	Stress       *int     `json:"stress,omitempty" spec:"Wellness.stress"`
	Mood         *int     `json:"mood,omitempty" spec:"Wellness.mood"`
	Motivation   *int     `json:"motivation,omitempty" spec:"Wellness.motivation"`
	Injury       *int     `json:"injury,omitempty" spec:"Wellness.injury"`
	Hydration    *int     `json:"hydration,omitempty" spec:"Wellness.hydration"`
	Readiness    *float64 `json:"readiness,omitempty" spec:"Wellness.readiness" jsonschema_description:"0-100"`
	SpO2         *float64 `json:"spo2,omitempty" spec:"Wellness.spO2" jsonschema_description:"%"`
	Systolic     *int     `json:"systolic,omitempty" spec:"Wellness.systolic" jsonschema_description:"mmHg"`
	Diastolic    *int     `json:"diastolic,omitempty" spec:"Wellness.diastolic" jsonschema_description:"mmHg"`
	Notes        string   `json:"notes,omitempty" jsonschema:"maxLength=4000" spec:"Wellness.comments"`
	Sport        string   `json:"sport,omitempty" jsonschema_description:"For thresholds: default Ride, Run for a pace"`
	thresholdsIn
}

func logMetricsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "log_metrics",
		Title:       "Log daily metrics",
		Description: "Records a day's metrics, only those given: weight, resting HR, HRV, sleep, scores, notes, thresholds. Scales: " + scaleLegends() + ".",
		Toolset:     manifest.Wellness,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "updateWellness", "updateSettings"},
		Aliases:     []manifest.Alias{{Name: "entries", Convert: metricEntries}},
	}, logMetrics)
}

func logMetrics(ctx context.Context, env *toolcall.Env, in logMetricsIn) (string, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	date := in.Date
	if date == "" {
		date = today
	}
	if _, err := parseLocalDate("date", date, ath.Location); err != nil {
		return "", err
	}
	if date > today {
		return "", manifest.Errorf("%s is after today (%s): metrics are logged for today or a past day", weekdayDate(date), weekdayDate(today))
	}
	w, err := metricsBody(in)
	if err != nil {
		return "", err
	}
	var up *thresholdUpdate
	if !in.thresholdsIn.none() {
		if date != today {
			return "", manifest.Errorf("ftp, lthr, threshold_pace and max_hr are the sport settings' values from now on, not a past day's: leave date out for them (log the day's metrics in a call of their own)")
		}
		if in.Sport == "" && in.ThresholdPace != "" && in.FTP != nil {
			return "", manifest.Errorf("ftp is a ride's and threshold_pace a run's (or swim's): give sport, or log them in two calls")
		}
		p, err := planThresholds(ath, thresholdsSport(in), in.thresholdsIn, nil)
		if err != nil {
			return "", err
		}
		up = &p
	}
	if w == (intervals.Wellness{}) && up == nil {
		return "", manifest.Errorf("nothing to record: give at least one metric (weight, resting_hr, hrv, sleep, soreness ..., or ftp, lthr, threshold_pace, max_hr)")
	}
	var zones string
	if up != nil {
		if zones, err = up.write(ctx, env, ath.units); err != nil {
			return "", err
		}
		if w == (intervals.Wellness{}) {
			return zones, nil
		}
		zones += "\n"
	}
	sent := w
	sent.Id = &date
	resp, err := env.Client.UpdateWellness(ctx, env.AthleteID, date, w)
	if err != nil {
		err = athleteAccessError(env, fmt.Errorf("record the metrics of %s: %w", date, err))
		if up != nil {
			return "", fmt.Errorf("%sbut the day's other metrics were not recorded: %w", zones, err)
		}
		return "", err
	}
	var row intervals.Wellness
	if !readBack(resp, &row) {
		return zones + format.MetricsLogged(sent, nil), nil
	}
	return zones + format.MetricsLogged(sent, &row), nil
}

// thresholdsSport is the sport whose settings log_metrics's thresholds are for: the one
// given, else Run for a threshold pace alone, else Ride (FTP is a cyclist's first).
func thresholdsSport(in logMetricsIn) string {
	switch {
	case in.Sport != "":
		return in.Sport
	case in.ThresholdPace != "" && in.FTP == nil:
		return "Run"
	}
	return "Ride"
}

// metricsBody checks each given value and builds the wellness body with those fields only.
func metricsBody(in logMetricsIn) (intervals.Wellness, error) {
	var w intervals.Wellness
	var errs []string
	num := func(name string, p *float64, lo, hi float64, unit string) *float32 {
		if p == nil {
			return nil
		}
		if math.IsNaN(*p) || *p < lo || *p > hi {
			errs = append(errs, fmt.Sprintf("%s %v is outside %v-%v %s", name, *p, lo, hi, unit))
			return nil
		}
		v := float32(*p)
		return &v
	}
	integer := func(name string, p *int, lo, hi int, unit string) *int32 {
		if p == nil {
			return nil
		}
		if *p < lo || *p > hi {
			errs = append(errs, fmt.Sprintf("%s %d is outside %d-%d %s", name, *p, lo, hi, unit))
			return nil
		}
		v := int32(*p)
		return &v
	}
	scale := func(field string, p *int) *int32 {
		if p != nil && (*p < 1 || *p > 4) {
			errs = append(errs, fmt.Sprintf("%s %d: give 1-4 (%s)", metricsArg(field), *p, format.ScaleLegend(field)))
			return nil
		}
		return integer(field, p, 1, 4, "")
	}
	w.Weight = num("weight", in.Weight, 20, 300, "kg")
	w.RestingHR = integer("resting_hr", in.RestingHR, 20, 150, "bpm")
	w.Hrv = num("hrv", in.HRV, 1, 500, "ms")
	w.SleepScore = num("sleep_score", in.SleepScore, 0, 100, "")
	w.Readiness = num("readiness", in.Readiness, 0, 100, "")
	w.SpO2 = num("spo2", in.SpO2, 50, 100, "%")
	w.Systolic = integer("systolic", in.Systolic, 50, 250, "mmHg")
	w.Diastolic = integer("diastolic", in.Diastolic, 30, 150, "mmHg")
	w.SleepQuality = scale("sleepQuality", in.SleepQuality)
	w.Soreness = scale("soreness", in.Soreness)
	w.Fatigue = scale("fatigue", in.Fatigue)
	w.Stress = scale("stress", in.Stress)
	w.Mood = scale("mood", in.Mood)
	w.Motivation = scale("motivation", in.Motivation)
	w.Injury = scale("injury", in.Injury)
	w.Hydration = scale("hydration", in.Hydration)
	if in.Sleep != "" {
		secs, err := sleepSecs(in.Sleep)
		if err != nil {
			errs = append(errs, err.Error())
		} else {
			w.SleepSecs = &secs
		}
	}
	if s := strings.TrimSpace(in.Notes); s != "" {
		w.Comments = &s
	}
	if len(errs) > 0 {
		return w, manifest.Errorf("%s", strings.Join(errs, "; "))
	}
	return w, nil
}

// sleepSecs reads a night's sleep as hours ("7.5") or h:mm ("7:30").
func sleepSecs(s string) (int32, error) {
	s = strings.TrimSpace(s)
	var d time.Duration
	if h, m, ok := strings.Cut(s, ":"); ok {
		hh, err1 := strconv.Atoi(h)
		mm, err2 := strconv.Atoi(m)
		if err1 != nil || err2 != nil || hh < 0 || mm < 0 || mm > 59 {
			return 0, fmt.Errorf("sleep %q: write hours (7.5) or h:mm (7:30)", s)
		}
		d = time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute
	} else {
		h, err := strconv.ParseFloat(strings.TrimSuffix(s, "h"), 64)
		if err != nil || math.IsNaN(h) {
			return 0, fmt.Errorf("sleep %q: write hours (7.5) or h:mm (7:30)", s)
		}
		d = time.Duration(h * float64(time.Hour))
	}
	if d <= 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("sleep %q: give more than 0 and at most 24 hours", s)
	}
	return int32(d.Round(time.Minute) / time.Second), nil
}
