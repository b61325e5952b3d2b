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

// thresholdsIn are the thresholds of one sport's settings that update_training_zone and
// log_metrics set, by the same names (indoor FTP is update_training_zone's alone).
type thresholdsIn struct {
	FTP           *int   `json:"ftp,omitempty" spec:"SportSettings.ftp" jsonschema_description:"W"`
	LTHR          *int   `json:"lthr,omitempty" spec:"SportSettings.lthr" jsonschema_description:"bpm"`
	MaxHR         *int   `json:"max_hr,omitempty" spec:"SportSettings.max_hr" jsonschema_description:"bpm"`
	ThresholdPace string `json:"threshold_pace,omitempty" spec:"SportSettings.threshold_pace" jsonschema_description:"m:ss/km, e.g. 4:10/km; /100m for swims"`
}

// none says that no threshold is given.
func (t thresholdsIn) none() bool {
	return t.FTP == nil && t.LTHR == nil && t.MaxHR == nil && t.ThresholdPace == ""
}

type updateZoneIn struct {
	Sport string `json:"sport" jsonschema_description:"Ride, Run, Swim or another of the athlete's sport types"`
	thresholdsIn
	IndoorFTP *int `json:"indoor_ftp,omitempty" spec:"SportSettings.indoor_ftp" jsonschema_description:"W, indoor rides"`
}

func updateTrainingZoneTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_training_zone",
		Title:       "Update a threshold",
		Description: "Sets FTP, indoor FTP, LTHR, threshold pace or max HR for a sport, e.g. after a test; the zones (% of threshold) follow and are shown.",
		Toolset:     manifest.Settings,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "updateSettings"},
	}, updateTrainingZone)
}

func updateTrainingZone(ctx context.Context, env *toolcall.Env, in updateZoneIn) (string, error) {
	if in.none() && in.IndoorFTP == nil {
		return "", manifest.Errorf("nothing to change: give ftp, indoor_ftp, lthr, max_hr or threshold_pace")
	}
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	up, err := planThresholds(ath, in.Sport, in.thresholdsIn, in.IndoorFTP)
	if err != nil {
		return "", err
	}
	return up.write(ctx, env, ath.units)
}

// thresholdUpdate is a checked change of one sport's settings, ready to send.
type thresholdUpdate struct {
	set   intervals.SportSettings // the settings before
	sport string                  // their first sport type, as answers name them
	body  intervals.SportSettings // the fields to change
	pace  float64                 // the new threshold pace, m/s; 0: unchanged
}

// planThresholds checks the thresholds given for sport (and an indoor FTP, nil: unchanged)
// against the athlete's settings and plausible ranges; nothing is sent.
func planThresholds(ath *athleteCtx, sport string, in thresholdsIn, indoorFTP *int) (thresholdUpdate, error) {
	set, err := settingsFor(ath.Athlete, sport)
	if err != nil {
		return thresholdUpdate{}, err
	}
	up := thresholdUpdate{set: set, sport: format.SportTypes(set)[0]}
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
	for _, c := range []struct {
		name   string
		p      *int
		lo, hi int
		unit   string
		dst    **int32
	}{
		{"FTP", in.FTP, 30, 700, "W", &up.body.Ftp},
		{"indoor FTP", indoorFTP, 30, 700, "W", &up.body.IndoorFtp},
		{"LTHR", in.LTHR, 80, 230, "bpm", &up.body.Lthr},
		{"max HR", in.MaxHR, 100, 240, "bpm", &up.body.MaxHr},
	} {
		if err := check(c.name, c.p, c.lo, c.hi, c.unit, c.dst); err != nil {
			return thresholdUpdate{}, err
		}
	}
	if in.ThresholdPace != "" {
		if up.pace, err = thresholdPace(in.ThresholdPace, up.sport, ath.units); err != nil {
			return thresholdUpdate{}, err
		}
		v := float32(up.pace)
		up.body.ThresholdPace = &v
	}
	return up, nil
}

// write sends the change (updateSettings) and says what changed, the zones included. Heart
// rate zones are recomputed when LTHR or max HR change. The cached profile is forgotten.
func (up thresholdUpdate) write(ctx context.Context, env *toolcall.Env, u format.Units) (string, error) {
	set, body := up.set, up.body
	hr := body.Lthr != nil || body.MaxHr != nil
	resp, err := env.Client.UpdateSettings(ctx, env.AthleteID, strconv.Itoa(int(*set.Id)), &intervals.UpdateSettingsParams{RecalcHrZones: hr}, body)
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("update the %s settings: %w", up.sport, err))
	}
	// The settings are in the profile: the next read of it is fresh.
	env.Cache.Forget(env.Client, toolcall.CacheProfile)
	var after intervals.SportSettings // a fresh value: decoding into a copy of set would write through its pointers
	if !readBack(resp, &after) {
		after = intervals.SportSettings{}
	}
	after = settingsAfter(after, set, body)
	return u.ZoneUpdate(format.ZoneUpdate{Sport: up.sport, Before: set, FTP: body.Ftp, IndoorFTP: body.IndoorFtp, LTHR: body.Lthr, MaxHR: body.MaxHr, Pace: up.pace, After: after}), nil
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
