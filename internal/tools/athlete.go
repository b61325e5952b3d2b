package tools

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// sportSettings returns the athlete's settings for a sport: those whose types include it
// (case-insensitive) or, with family and failing that, those of the same family of sports
// (VirtualRide uses Ride's). nil when there are none.
func sportSettings(a *toolcall.Athlete, sport string, family bool) *intervals.SportSettings {
	if a.Profile == nil || a.Profile.SportSettings == nil {
		return nil
	}
	all := *a.Profile.SportSettings
	kind := workout.SportFor(sport)
	var near *intervals.SportSettings
	for i := range all {
		for _, t := range deref(all[i].Types) {
			switch {
			case strings.EqualFold(string(t), sport):
				return &all[i]
			case family && near == nil && kind != workout.Other && workout.SportFor(string(t)) == kind:
				near = &all[i]
			}
		}
	}
	return near
}

// eventThresholds takes the athlete's thresholds and zones for a sport from its sport
// settings (or its family's), for the targets of a workout.
func eventThresholds(a *athleteCtx, sport string) workout.Thresholds {
	var th workout.Thresholds
	pick := sportSettings(a.Athlete, sport, true)
	if pick == nil {
		return th
	}
	th.FTP = float64(deref(pick.Ftp))
	th.LTHR = float64(deref(pick.Lthr))
	th.MaxHR = float64(deref(pick.MaxHr))
	if workout.SportFor(sport) == workout.Swim {
		th.SwimThresholdPace = float64(deref(pick.ThresholdPace))
	} else {
		th.ThresholdPace = float64(deref(pick.ThresholdPace))
	}
	for _, z := range deref(pick.PowerZones) {
		th.PowerZones = append(th.PowerZones, float64(z))
	}
	for _, z := range deref(pick.HrZones) {
		th.HRZones = append(th.HRZones, float64(z))
	}
	for _, z := range deref(pick.PaceZones) {
		th.PaceZones = append(th.PaceZones, float64(z))
	}
	th.PaceUnit = map[intervals.SportSettingsPaceUnits]string{
		intervals.SportSettingsPaceUnitsMINSKM: "km", intervals.SportSettingsPaceUnitsMINSMILE: "mi",
		intervals.SportSettingsPaceUnitsSECS100M: "100m", intervals.SportSettingsPaceUnitsSECS100Y: "100y",
		intervals.SportSettingsPaceUnitsSECS250M: "250m", intervals.SportSettingsPaceUnitsSECS400M: "400m",
		intervals.SportSettingsPaceUnitsSECS500M: "500m",
	}[deref(pick.PaceUnits)]
	return th
}

// plannedTargets are the relative targets of a planned session's workout text with their
// values in the athlete's watts, bpm and pace ("88-94% FTP = 220-235 W, Z2 HR = 137-150
// bpm"), from the sport settings of its sport; an indoor session (or a virtual ride) goes by
// the indoor FTP where there is one. "" when the text has no relative target to turn.
func plannedTargets(a *athleteCtx, sport string, indoor bool, text string) string {
	if !hasSteps(text) {
		return ""
	}
	return workoutTargets(a, sport, indoor, workout.Read(workout.SportFor(sport), text))
}

// workoutTargets are the relative targets of a workout with their values in the athlete's
// units, from the sport settings of its sport (plannedTargets).
func workoutTargets(a *athleteCtx, sport string, indoor bool, w *workout.Workout) string {
	th := eventThresholds(a, sport)
	if pick := sportSettings(a.Athlete, sport, true); pick != nil && deref(pick.IndoorFtp) > 0 &&
		(indoor || strings.HasPrefix(strings.ToLower(sport), "virtual")) {
		th.FTP = float64(*pick.IndoorFtp)
	}
	return format.Targets(w.Absolutes(th))
}

// athleteAccessError turns Intervals.icu's refusal to show another athlete into a message
// that says why and what to do; other errors pass through. A coach's key reads the athletes
// it coaches; any other athlete id is answered 403 (or 404 for the profile).
func athleteAccessError(env *toolcall.Env, err error) error {
	var e *intervals.Error
	if !errors.As(err, &e) || env.AthleteID == "" || env.AthleteID == "0" {
		return err
	}
	profile := "/api/v1/athlete/" + env.AthleteID
	if e.Status == http.StatusForbidden && strings.HasPrefix(e.Path, profile) ||
		e.Status == http.StatusNotFound && e.Path == profile {
		return manifest.Errorf("athlete %s is not available to this account (Intervals.icu answered %d): it is not an athlete this account coaches, or the athlete does not share this data; list_athletes shows the athletes you coach", env.AthleteID, e.Status)
	}
	return err
}

// canonicalSport matches a sport name to Intervals.icu's type, ignoring case.
func canonicalSport(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", fmt.Errorf("sport is missing: give the Intervals.icu type, e.g. Run, Ride, Swim")
	}
	for _, name := range sportTypes() {
		if strings.EqualFold(name, s) {
			return name, nil
		}
	}
	return "", fmt.Errorf("sport %q is not an Intervals.icu type: use e.g. Run, Ride, Swim, TrailRun, VirtualRide, WeightTraining", s)
}

// sportArg checks a sport argument (one of the spec's 60 sport types: too long a list for
// the schema) against the generated enum, ignoring case; "" stays "".
func sportArg(s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	sport, err := canonicalSport(s)
	if err != nil {
		return "", manifest.Errorf("%v", err)
	}
	return sport, nil
}

// sportTypes lists Intervals.icu's activity types, from the spec's SportType enum.
func sportTypes() []string {
	if types := intervals.SchemaEnum("SportType"); len(types) > 0 {
		return types
	}
	return []string{string(intervals.SportTypeRun), string(intervals.SportTypeRide), string(intervals.SportTypeSwim)}
}

// athleteCtx is what most tools start from: the athlete's units and today's local date.
type athleteCtx struct {
	*toolcall.Athlete
	units format.Units
	today time.Time // local midnight
}

// loadAthlete reads the call's athlete (cached) and today's local date. An athlete the key
// may not read (a coach naming an athlete it does not coach) is refused by name.
func loadAthlete(ctx context.Context, env *toolcall.Env) (*athleteCtx, error) {
	today, a, err := env.Today(ctx)
	if err != nil {
		return nil, athleteAccessError(env, err)
	}
	u := format.Units{Loc: a.Location}
	if a.Profile != nil {
		u = format.UnitsFor(*a.Profile, a.Location)
	}
	return &athleteCtx{Athlete: a, units: u, today: today}, nil
}

// nameOr is the athlete's name for an answer, or "athlete <id>" when the profile has none.
func nameOr(name, id string) string {
	if name == "" {
		return "athlete " + id
	}
	return name
}
