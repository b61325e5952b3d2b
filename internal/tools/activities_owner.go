package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// An activity is read by its id alone (GET /activity/{id} is not athlete-scoped), so a coach
// who names one athlete and an activity of another would see it as the first one's. Reads
// say whose it is and show it in that athlete's time zone; writes refuse it.

// shownActivity is an activity read by the id the model gave, and the athlete it is shown for.
type shownActivity struct {
	a    *athleteCtx // whose it is
	act  intervals.Activity
	id   string
	note string // above the answer when it is not the call's athlete's, else ""
}

// activityToShow reads the call's athlete and the activity of rawID, and whose it is.
func activityToShow(ctx context.Context, env *toolcall.Env, rawID string) (r shownActivity, err error) {
	if r.id, err = activityID(rawID); err != nil {
		return r, err
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return r, err
	}
	if r.act, err = fetchActivity(ctx, env, r.id); err != nil {
		return r, err
	}
	r.a, r.note, err = activityOwner(ctx, env, a, r.act)
	return r, err
}

// activityToChange reads the call's athlete and the activity of rawID, which must be theirs.
func activityToChange(ctx context.Context, env *toolcall.Env, id string) (*athleteCtx, intervals.Activity, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return nil, intervals.Activity{}, err
	}
	act, err := fetchActivity(ctx, env, id)
	if err != nil {
		return nil, act, err
	}
	return a, act, refuseOthersActivity(act, a)
}

// activityOwner returns the athlete an activity read by id is shown for: a, when it is a's
// (or says no athlete: a Strava stub), else the athlete it belongs to, with the line that
// says so above the answer.
func activityOwner(ctx context.Context, env *toolcall.Env, a *athleteCtx, act intervals.Activity) (*athleteCtx, string, error) {
	owner := deref(act.IcuAthleteId)
	if owner == "" || toolcall.SameAthlete(owner, a.ID) {
		return a, "", nil
	}
	theirs := *env
	theirs.AthleteID = owner
	o, err := loadAthlete(ctx, &theirs)
	if err != nil {
		return nil, "", manifest.Errorf("activity %s is athlete %s's, not %s's, and that athlete's profile cannot be read with this account: check the id (get_activities lists %s's)", deref(act.Id), owner, nameOr(a.Name, a.ID), nameOr(a.Name, a.ID))
	}
	return o, format.OthersActivity(deref(act.Id), nameOr(o.Name, o.ID), o.ID, nameOr(a.Name, a.ID), o.Location), nil
}

// refuseOthersActivity refuses a write on an activity that is not a's.
func refuseOthersActivity(act intervals.Activity, a *athleteCtx) error {
	owner := deref(act.IcuAthleteId)
	if owner == "" || toolcall.SameAthlete(owner, a.ID) {
		return nil
	}
	return manifest.Errorf("activity %s belongs to athlete %s, not to %s (%s): nothing was changed; pass athlete %s to act for them (coaches), or check the id", deref(act.Id), owner, nameOr(a.Name, a.ID), a.ID, owner)
}
