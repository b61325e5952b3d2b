package tools

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// update_training_zone changes a sport's thresholds through updateSettings on that sport's
// settings. Intervals.icu keeps power zones as % of FTP and pace zones as % of threshold
// pace, so they follow a new threshold by themselves; heart rate zones are bpm values, which
// Intervals.icu recomputes from LTHR and max HR when asked (recalcHrZones). The answer shows
// the zones as the API returns them after the change. The cached profile is forgotten, so
// that the next call sees the new thresholds.

type updateZoneIn struct {
	Sport         string `json:"sport" jsonschema_description:"Ride, Run, Swim or another sport type of the athlete's settings"`
	FTP           *int   `json:"ftp,omitempty" spec:"SportSettings.ftp" jsonschema_description:"W"`
	LTHR          *int   `json:"lthr,omitempty" spec:"SportSettings.lthr" jsonschema_description:"bpm"`
	MaxHR         *int   `json:"max_hr,omitempty" spec:"SportSettings.max_hr" jsonschema_description:"bpm"`
	ThresholdPace string `json:"threshold_pace,omitempty" spec:"SportSettings.threshold_pace" jsonschema_description:"m:ss per km (runs) or per 100m (swims), e.g. 4:10/km"`
}

func updateTrainingZoneTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_training_zone",
		Title:       "Update a threshold",
		Description: "Sets FTP, LTHR, threshold pace or max HR for a sport, e.g. after a test; zones follow (they are % of threshold) and are shown.",
		Toolset:     manifest.Settings,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "updateSettings"},
	}, updateTrainingZone)
}

func updateTrainingZone(ctx context.Context, env *toolcall.Env, in updateZoneIn) (string, error) {
	if in.FTP == nil && in.LTHR == nil && in.MaxHR == nil && in.ThresholdPace == "" {
		return "", manifest.Errorf("nothing to change: give ftp, lthr, max_hr or threshold_pace")
	}
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	set, err := settingsFor(ath.Athlete, in.Sport)
	if err != nil {
		return "", err
	}
	u := ath.units
	sport := format.SportTypes(set)[0]
	var body intervals.SportSettings
	check := func(name string, p *int, lo, hi int, unit string, dst **int32) error {
		if p == nil {
			return nil
		}
		if *p < lo || *p > hi {
			return manifest.Errorf("%s %d is outside %d-%d %s", name, *p, lo, hi, unit)
		}
		v := int32(*p)
		*dst = &v
		return nil
	}
	if err := check("FTP", in.FTP, 30, 700, "W", &body.Ftp); err != nil {
		return "", err
	}
	if err := check("LTHR", in.LTHR, 80, 230, "bpm", &body.Lthr); err != nil {
		return "", err
	}
	if err := check("max HR", in.MaxHR, 100, 240, "bpm", &body.MaxHr); err != nil {
		return "", err
	}
	var pace float64
	if in.ThresholdPace != "" {
		if pace, err = thresholdPace(in.ThresholdPace, sport, u); err != nil {
			return "", err
		}
		v := float32(pace)
		body.ThresholdPace = &v
	}
	hr := in.LTHR != nil || in.MaxHR != nil
	resp, err := env.Client.UpdateSettings(ctx, env.AthleteID, strconv.Itoa(int(*set.Id)), &intervals.UpdateSettingsParams{RecalcHrZones: hr}, body)
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("update the %s settings: %w", sport, err))
	}
	// The settings are in the profile: the next read of it is fresh.
	env.Cache.Forget(env.Client, toolcall.CacheProfile)
	var after intervals.SportSettings // a fresh value: decoding into a copy of set would write through its pointers
	if !readBack(resp, &after) {
		after = intervals.SportSettings{}
	}
	after = settingsAfter(after, set, body)
	return u.ZoneUpdate(format.ZoneUpdate{Sport: sport, Before: set, FTP: body.Ftp, LTHR: body.Lthr, MaxHR: body.MaxHr, Pace: pace, After: after}), nil
}

// settingsFor finds the sport settings whose types include sport (case-insensitive).
func settingsFor(ath *toolcall.Athlete, sport string) (intervals.SportSettings, error) {
	if s := sportSettings(ath, sport, false); s != nil && s.Id != nil {
		return *s, nil
	}
	var names []string
	if ath.Profile != nil && ath.Profile.SportSettings != nil {
		for _, s := range *ath.Profile.SportSettings {
			if ts := format.SportTypes(s); len(ts) > 0 {
				names = append(names, ts[0])
			}
		}
	}
	if len(names) == 0 {
		return intervals.SportSettings{}, manifest.Errorf("the athlete has no sport settings to update: create them on intervals.icu (Settings)")
	}
	return intervals.SportSettings{}, manifest.Errorf("no sport settings for %q: the athlete's sports are %s", sport, strings.Join(names, ", "))
}

// thresholdPace reads m:ss with an optional unit (/km, /mi, /100m) into m/s; without a
// unit, swims are per 100 m and other sports per km (per mile for athletes who use miles).
func thresholdPace(s, sport string, u format.Units) (float64, error) {
	p := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "pace"))
	per := 1000.0
	switch {
	case strings.Contains(strings.ToLower(sport), "swim"):
		per = 100
	case u.Miles:
		per = 1609.344
	}
	for suffix, metres := range map[string]float64{"/km": 1000, "/100m": 100, "/mi": 1609.344} {
		if strings.HasSuffix(p, suffix) {
			p, per = strings.TrimSuffix(p, suffix), metres
		}
	}
	m, sec, ok := strings.Cut(strings.TrimSpace(p), ":")
	mm, err1 := strconv.Atoi(m)
	ss, err2 := strconv.Atoi(sec)
	if !ok || err1 != nil || err2 != nil || mm < 0 || ss < 0 || ss > 59 || mm*60+ss == 0 {
		return 0, manifest.Errorf("threshold_pace %q: write m:ss with its unit, e.g. 4:10/km or 1:45/100m", s)
	}
	mps := per / float64(mm*60+ss)
	if mps < 0.3 || mps > 8 {
		return 0, manifest.Errorf("threshold_pace %q is not a plausible threshold pace for %s", s, sport)
	}
	return mps, nil
}

// settingsAfter is what the sport's settings hold after the update: the answer's values,
// with what was sent in place of anything the answer lacks or could not be read (a value the
// model types differently decodes as zero), and the old settings for the rest.
func settingsAfter(answer, old, sent intervals.SportSettings) intervals.SportSettings {
	known := func(p *int32) bool { return p != nil && *p > 0 }
	pick := func(sent, answer, old *int32) *int32 {
		switch {
		case sent != nil:
			return sent
		case known(answer):
			return answer
		}
		return old
	}
	out := answer
	out.Ftp, out.Lthr, out.MaxHr = pick(sent.Ftp, answer.Ftp, old.Ftp), pick(sent.Lthr, answer.Lthr, old.Lthr), pick(sent.MaxHr, answer.MaxHr, old.MaxHr)
	out.IndoorFtp = pick(sent.IndoorFtp, answer.IndoorFtp, old.IndoorFtp)
	switch {
	case sent.ThresholdPace != nil:
		out.ThresholdPace = sent.ThresholdPace
	case answer.ThresholdPace == nil || *answer.ThresholdPace <= 0:
		out.ThresholdPace = old.ThresholdPace
	}
	if answer.PowerZones == nil {
		out.PowerZones = old.PowerZones
	}
	if answer.PaceZones == nil {
		out.PaceZones = old.PaceZones
	}
	if answer.HrZones == nil {
		out.HrZones = old.HrZones
	}
	return out
}
