package tools

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// plan_sessions writes up to 60 sessions in one call (the schema's maxItems), and up to 12
// training blocks (calendar_plan_blocks.go). Every session and block is validated before
// anything is written, then all are written all or nothing through one journal (journal.go). Each session gets
// a deterministic external id, "imcp:<plan>:<date>:<n>" (plan: a hash of the athlete and
// the plan name; n: its rank among the plan's sessions of that date), so that running the
// same plan again finds its sessions and updates them instead of adding duplicates.

type planIn struct {
	Plan      string        `json:"plan"`
	Sessions  []planSession `json:"sessions" jsonschema:"minItems=1,maxItems=60"`
	Blocks    [][]string    `json:"blocks,omitempty" jsonschema:"maxItems=12" jsonschema_description:"Periods: [name, first, last day, kind?]"`
	AllowPast bool          `json:"allow_past,omitempty"`
	CheckOnly bool          `json:"check_only,omitempty"`
}

type planSession struct {
	Date        string  `json:"date" jsonschema_description:"YYYY-MM-DD, today"`
	Category    string  `json:"category,omitempty" jsonschema:"enum=WORKOUT,enum=RACE_A,enum=RACE_B,enum=RACE_C,enum=NOTE,default=WORKOUT"`
	Sport       string  `json:"sport,omitempty"`
	Name        string  `json:"name"`
	Steps       []step  `json:"steps,omitempty"`
	Description string  `json:"description,omitempty" jsonschema:"maxLength=4000" jsonschema_description:"Workout text or free text"`
	Duration    string  `json:"duration,omitempty" jsonschema_description:"h:mm:ss"`
	DistanceKm  float64 `json:"distance_km,omitempty"`
	Load        int     `json:"load,omitempty" jsonschema:"maximum=2000"`
}

func planSessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "plan_sessions",
		Title:       "Plan sessions",
		Description: "Writes up to 60 workouts, races, notes: all checked, all saved or none; the same plan again updates it.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents", "createMultipleEvents", "updateEvent", "deleteEventsBulk"},
	}, planSessions)
}

// planSessions validates the whole plan, reads the calendar around its dates and checks the
// plan against it (calendar_check.go, calendar_plan_warnings.go), then writes, unless
// check_only: sessions already there (same external id) are updated where they differ or
// left as they are, the others are created in bulk. Any failed write rolls the call back.
func planSessions(ctx context.Context, env *toolcall.Env, in planIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	items, problems := validatePlan(in, a)
	blocks, blockProblems := validateBlocks(in, a)
	if problems = append(problems, blockProblems...); len(problems) > 0 {
		return "", manifest.Errorf("Nothing was written: %d problem(s) to fix first:\n- %s", len(problems), strings.Join(problems, "\n- "))
	}
	oldest, newest := items[0].date, items[0].date
	for _, p := range items {
		oldest, newest = min(oldest, p.date), max(newest, p.date)
	}
	sessionsFrom, sessionsTo := oldest, newest
	for _, b := range blocks {
		oldest, newest = min(oldest, b.first), max(newest, b.last)
	}
	race, err := estimateRaceLoads(ctx, env, a, items)
	if err != nil {
		return "", err
	}
	around, err := readCalendar(ctx, env, addDays(oldest, -lookAround), addDays(newest, lookAround))
	if err != nil {
		return "", err
	}
	check := checkCalendar(ctx, env, a, planWrite(items, blocks))
	warnings, formNote := formWarnings(ctx, env, a, items, around, check.warnings, addDays(newest, lookAround))
	var existing []planEvent // the calendar over the plan's dates
	for _, e := range around {
		if lastDay(e, a) >= oldest && e.day() <= newest {
			existing = append(existing, e)
		}
	}
	prefix := planPrefix(a.ID, in.Plan)
	answer := format.PlanAnswer{Plan: in.Plan, Warnings: warnings, FormNote: formNote, CheckNote: check.note, Calendar: check.weeks, Race: race, CheckOnly: in.CheckOnly, Today: a.today,
		BlockWarnings: blockWarnings(blocks, existing, a, prefix, sessionsFrom, sessionsTo)}
	byExt := map[string]planEvent{}
	for _, e := range existing {
		if x := deref(e.ExternalId); x != "" {
			byExt[x] = e
		}
	}
	var creates []intervals.EventEx
	var createdIdx []int
	type change struct {
		orig   planEvent
		fields map[string]any
	}
	var changes []change
	status := make([]string, len(items))
	ids := make([]int32, len(items))
	for i, p := range items {
		old, ok := byExt[deref(p.event.ExternalId)]
		delete(byExt, deref(p.event.ExternalId))
		switch {
		case !ok:
			creates = append(creates, p.event)
			createdIdx = append(createdIdx, i)
			status[i] = "new"
		case old.activity != "":
			ids[i], status[i] = deref(old.Id), "done, left as is"
		default:
			ids[i] = deref(old.Id)
			if f := planDiff(old, p); len(f) > 0 {
				changes = append(changes, change{old, f})
				status[i] = "updated"
			} else {
				status[i] = "unchanged"
			}
		}
	}
	for _, b := range blocks {
		old, ok := byExt[deref(b.event.ExternalId)]
		delete(byExt, deref(b.event.ExternalId))
		pb := format.PlanBlock{Name: deref(b.event.Name), Kind: b.kind, First: b.first, Last: b.last, Status: "new"}
		switch f := blockDiff(old, b); {
		case !ok:
			creates = append(creates, b.event)
			createdIdx = append(createdIdx, len(items)+len(answer.Blocks))
		case len(f) > 0:
			changes = append(changes, change{old, f})
			pb.ID, pb.Status = deref(old.Id), "updated"
		default:
			pb.ID, pb.Status = deref(old.Id), "unchanged"
		}
		answer.Blocks = append(answer.Blocks, pb)
	}
	var stale []planEvent
	for x, e := range byExt {
		if strings.HasPrefix(x, prefix+":") {
			stale = append(stale, e)
		}
	}
	if in.CheckOnly {
		return planAnswer(answer, items, status, ids, stale, a, env.MaxChars()), nil
	}
	j := newJournal(env, a)
	if len(changes)+len(creates) > 0 {
		want := writeIntent{Creates: createsOf(creates, nil)}
		for _, c := range changes {
			want.Updates = append(want.Updates, deref(c.orig.Id))
		}
		if err := j.intend(ctx, fmt.Sprintf("plan %q, %d session(s) %s to %s", in.Plan, len(items), oldest, newest), want); err != nil {
			return "", err
		}
	}
	for _, c := range changes {
		if err := j.update(ctx, c.orig, c.fields); err != nil {
			return "", j.fail(ctx, err)
		}
	}
	created, err := j.create(ctx, creates)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	for k, e := range created {
		if k >= len(createdIdx) {
			break
		}
		if i := createdIdx[k]; i < len(items) {
			ids[i] = deref(e.Id)
		} else {
			answer.Blocks[i-len(items)].ID = deref(e.Id) // a block: its index after the sessions
		}
	}
	return planAnswer(answer, items, status, ids, stale, a, env.MaxChars()), nil
}

// planDiff returns the fields of want that differ from the event as it is (JSON names).
func planDiff(old planEvent, p planned) map[string]any {
	want := p.event
	f := map[string]any{}
	if string(deref(old.Category)) != string(deref(want.Category)) {
		f["category"] = deref(want.Category)
	}
	str := func(key string, have, w *string) {
		if strings.TrimSpace(deref(have)) != strings.TrimSpace(deref(w)) {
			f[key] = w
		}
	}
	str("name", old.Name, want.Name)
	str("type", old.Type, want.Type)
	str("description", old.Description, want.Description)
	if p.given.time && deref(old.MovingTime) != deref(want.MovingTime) {
		f["moving_time"] = want.MovingTime
	}
	if p.given.distance && math.Abs(float64(deref(old.Distance)-deref(want.Distance))) > 0.5 {
		f["distance"] = want.Distance
	}
	if p.given.load && deref(old.IcuTrainingLoad) != *want.IcuTrainingLoad {
		f["icu_training_load"] = want.IcuTrainingLoad
	}
	return f
}

// planAnswer shows the plan as written (or checked): its sessions with their ids and what this
// call did to each, and the plan's earlier sessions on these dates that it left as they are
// (stale).
func planAnswer(ans format.PlanAnswer, items []planned, status []string, ids []int32, stale []planEvent, a *athleteCtx, budget int) string {
	ans.Sessions = make([]format.PlannedSession, len(items))
	for i, p := range items {
		ans.Sessions[i] = format.PlannedSession{Date: p.date, Event: p.event, Seconds: p.seconds, TimeEstimated: p.timeEstimated, Metres: p.metres, TimedMetres: p.timed,
			Unpaced: p.unpaced, Load: p.load, LoadEstimated: !p.given.load, ID: ids[i], Status: status[i]}
		if string(deref(p.event.Category)) == "WORKOUT" {
			ans.Sessions[i].Targets = plannedTargets(a, deref(p.event.Type), false, deref(p.event.Description))
		}
	}
	// by day, then id: the stale sessions come from a map, and the answer must not vary
	sort.Slice(stale, func(x, y int) bool {
		if dx, dy := stale[x].day(), stale[y].day(); dx != dy {
			return dx < dy
		}
		return deref(stale[x].Id) < deref(stale[y].Id)
	})
	ans.Stale = sessions(stale)
	return a.units.Plan(ans, budget)
}
