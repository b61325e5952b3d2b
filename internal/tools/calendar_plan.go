package tools

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// plan_sessions writes up to 60 sessions in one call (the schema's maxItems). Every session is validated
// before anything is written (plan_write.go writes them, all or nothing). Each session gets
// a deterministic external id, "imcp:<plan>:<date>:<n>" (plan: a hash of the athlete and
// the plan name; n: its rank among the plan's sessions of that date), so that running the
// same plan again finds its sessions and updates them instead of adding duplicates.

type planIn struct {
	Plan      string        `json:"plan" jsonschema_description:"Plan name"`
	Sessions  []planSession `json:"sessions" jsonschema:"minItems=1,maxItems=60"`
	AllowPast bool          `json:"allow_past,omitempty"`
}

type planSession struct {
	Date        string   `json:"date" jsonschema_description:"YYYY-MM-DD, today, tomorrow"`
	Category    string   `json:"category,omitempty" jsonschema:"enum=WORKOUT,enum=RACE_A,enum=RACE_B,enum=RACE_C,enum=NOTE,default=WORKOUT"`
	Sport       string   `json:"sport,omitempty" jsonschema_description:"Run, Ride, Swim..."`
	Name        string   `json:"name"`
	Steps       []stepIn `json:"steps,omitempty"`
	Description string   `json:"description,omitempty" jsonschema_description:"Workout text or free text"`
	Duration    string   `json:"duration,omitempty" jsonschema_description:"h:mm:ss, if no steps"`
	DistanceKm  float64  `json:"distance_km,omitempty"`
	Load        int      `json:"load,omitempty"`
}

func planSessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "plan_sessions",
		Title:       "Plan sessions",
		Description: "Adds up to 60 workouts, races and notes, all checked first, all saved or none. Same plan again: updated, not duplicated.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "listEvents", "createMultipleEvents", "updateEvent", "deleteEventsBulk"},
	}, planSessions)
}

// planSessions validates the whole plan, reads the calendar over its dates, then writes:
// sessions already there (same external id) are updated where they differ or left as they
// are, the others are created in bulk. Any failed write rolls the call back.
func planSessions(ctx context.Context, env *manifest.Env, in planIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	items, problems := validatePlan(in, a)
	if len(problems) > 0 {
		return "", manifest.Errorf("Nothing was written: %d problem(s) to fix first:\n- %s", len(problems), strings.Join(problems, "\n- "))
	}
	oldest, newest := items[0].date, items[0].date
	for _, p := range items {
		oldest, newest = min(oldest, p.date), max(newest, p.date)
	}
	existing, err := readCalendar(ctx, env, oldest, newest)
	if err != nil {
		return "", err
	}
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
	j := newJournal(env, a)
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
		if k < len(createdIdx) {
			ids[createdIdx[k]] = deref(e.Id)
		}
	}
	prefix := planPrefix(a.ID, in.Plan)
	var stale []planEvent
	for x, e := range byExt {
		if strings.HasPrefix(x, prefix+":") {
			stale = append(stale, e)
		}
	}
	return planAnswer(in.Plan, items, status, ids, stale, a, env.MaxChars()), nil
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

// planAnswer summarises the plan per Monday-based week, then lists its sessions while the
// answer fits its budget.
func planAnswer(plan string, items []planned, status []string, ids []int32, stale []planEvent, a *athleteCtx, budget int) string {
	loc := a.Location
	counts := map[string]int{}
	for _, s := range status {
		counts[s]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Plan %q: %d session(s) written all or nothing: %d new, %d updated, %d unchanged", strings.TrimSpace(plan), len(items), counts["new"], counts["updated"], counts["unchanged"])
	if n := counts["done, left as is"]; n > 0 {
		fmt.Fprintf(&b, ", %d already done (left as is)", n)
	}
	b.WriteString(".\n")
	type week struct {
		monday        string
		n, secs, load int
		metres        float64
		estimated     bool // a load is the estimate from the workout
		lines         []string
	}
	var weeks []*week
	byMonday := map[string]*week{}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return items[order[x]].date < items[order[y]].date })
	for _, i := range order {
		p := items[i]
		t, _ := time.ParseInLocation(ymd, p.date, loc)
		mon := format.Monday(t).Format(ymd)
		w := byMonday[mon]
		if w == nil {
			w = &week{monday: mon}
			byMonday[mon] = w
			weeks = append(weeks, w)
		}
		w.n++
		w.secs += p.seconds
		w.metres += p.metres
		w.load += p.load
		w.estimated = w.estimated || (p.load > 0 && !p.given.load)
		w.lines = append(w.lines, fmt.Sprintf("  %s %s (id %d, %s)", t.Format("Mon 01-02"), planEventShort(p, a.units), ids[i], status[i]))
	}
	var heads []string
	var long strings.Builder
	for _, w := range weeks {
		t, _ := time.ParseInLocation(ymd, w.monday, loc)
		head := fmt.Sprintf("Week of %s: %d session(s), %s", t.Format("Mon 2006-01-02"), w.n, format.Duration(float64(w.secs)))
		if w.metres > 0 {
			head += ", " + a.units.Distance(w.metres, "")
		}
		head += ", load " + approx(w.estimated) + fmt.Sprint(w.load)
		heads = append(heads, head)
		long.WriteString(head + "\n")
		for _, l := range w.lines {
			long.WriteString(l + "\n")
		}
	}
	out := b.String()
	if long.Len()+len(out) < budget-1000 {
		out += long.String()
	} else {
		out = format.List{Head: out, Items: heads, Tail: "(sessions not listed, to keep the answer short: get_events shows them)",
			Noun: "weeks", Hint: "get_events shows them"}.Render(budget) + "\n"
	}
	if len(stale) > 0 {
		sort.Slice(stale, func(x, y int) bool { return stale[x].day() < stale[y].day() })
		lines := make([]string, len(stale))
		for i, e := range stale {
			lines[i] = "- " + eventText(a, e)
		}
		head := fmt.Sprintf("%d earlier session(s) of this plan on these dates are not in this call and were left as they are:", len(stale))
		out += format.List{Head: head, Items: lines, Noun: "sessions", Hint: "get_events shows them"}.Render(max(budget-len(out), 200))
	}
	return format.Clip(out, budget)
}

// approx marks an estimated value.
func approx(estimated bool) string {
	if estimated {
		return "~"
	}
	return ""
}

// planEventShort is a planned session's category, sport, name, time, distance and load.
func planEventShort(p planned, u format.Units) string {
	e := p.event
	s := string(deref(e.Category))
	if t := deref(e.Type); t != "" {
		s += " " + t
	}
	s += fmt.Sprintf(" %q", deref(e.Name))
	if p.seconds > 0 {
		s += " " + format.Duration(float64(p.seconds))
	}
	if p.metres > 0 {
		s += " " + u.Distance(p.metres, deref(e.Type))
	}
	if p.load > 0 {
		s += " load " + approx(!p.given.load) + fmt.Sprint(p.load)
	}
	return s
}
