package tools

import (
	"errors"
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// coachingTools returns the coaching-insight tools (issue 6) in catalog order: load,
// performance, wellness, settings, activities, library, coach, then the api toolset.
func coachingTools() []manifest.Tool {
	var ts []manifest.Tool
	ts = append(ts, loadTools()...)
	ts = append(ts, recordsTools()...)
	ts = append(ts, metricsTools()...)
	ts = append(ts, activityUpdateTools()...)
	ts = append(ts, libraryTools()...)
	ts = append(ts, coachTools()...)
	ts = append(ts, apiTools()...)
	return ts
}

// athleteAccessError turns Intervals.icu's refusal to show another athlete into a message
// that says why and what to do; other errors pass through. A coach's key reads the athletes
// it coaches; any other athlete id is answered 403 (or 404 for the profile).
func athleteAccessError(env *manifest.Env, err error) error {
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
