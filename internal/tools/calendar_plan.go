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
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// plan_sessions writes up to 60 sessions in one call (the schema's maxItems), and up to 12
// training blocks (calendar_plan_blocks.go). Every session and block is validated before
// anything is written, then all are written all or nothing through one journal (journal.go).
// Each session gets a deterministic external id, "imcp:<plan>:<date>:<n>" (plan: a hash of
// the athlete and the plan name; n: its rank among the plan's sessions of that date), so that
// running the same plan again finds its sessions and updates them instead of adding
// duplicates.

type planIn struct {
	Plan      string            `json:"plan" jsonschema_description:"Its name: the same again updates it"`
	Sessions  []planSession     `json:"sessions" jsonschema:"minItems=1,maxItems=60"`
	Blocks    [][]string        `json:"blocks,omitempty" jsonschema:"maxItems=12" jsonschema_description:"Periods: [name, first, last day, kind?]"`
	AllowPast bool              `json:"allow_past,omitempty"`
	CheckOnly bool              `json:"check_only,omitempty" jsonschema_description:"Check and preview, write nothing"`
	Weeks     map[string]string `json:"weeks,omitempty" jsonschema_description:"Per week, by a date in it: \"recovery 4h load 250 polarized\""`
}

type planSession struct {
	Date        string  `json:"date" jsonschema_description:"YYYY-MM-DD, today, tomorrow"`
	Category    string  `json:"category,omitempty" jsonschema:"enum=WORKOUT,enum=RACE_A,enum=RACE_B,enum=RACE_C,enum=NOTE,default=WORKOUT"`
	Sport       string  `json:"sport,omitempty" jsonschema_description:"Run, Ride, Swim..."`
	Name        string  `json:"name"`
	Steps       []step  `json:"steps,omitempty"`
	Description string  `json:"description,omitempty" jsonschema:"maxLength=4000" jsonschema_description:"Workout text (10m is minutes, 400mtr metres) or free text"`
	Duration    string  `json:"duration,omitempty" jsonschema_description:"h:mm:ss or seconds"`
	DistanceKm  float64 `json:"distance_km,omitempty"`
	Load        int     `json:"load,omitempty" jsonschema:"maximum=2000"`
}

func planSessionsTool() manifest.Tool {
	t := manifest.New(manifest.Def{
		Name:        "plan_sessions",
		Title:       "Plan sessions",
		Description: "Writes up to 60 workouts, races, notes: all checked, all saved or none; the same plan again updates it.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents", "createMultipleEvents", "updateEvent", "deleteEventsBulk"},
	}, planSessions)
	t.View = planView
	return t
}

// planSessions validates the whole plan, reads the calendar around its dates and checks the
// plan against it (calendar_check.go, calendar_plan_warnings.go), then writes, unless
// check_only: sessions already there (same external id) are updated where they differ or
// left as they are, the others are created in bulk. Any failed write rolls the call back.
// A client that renders MCP Apps views gets the plan view's data too (calendar_plan_view.go).
func planSessions(ctx context.Context, env *toolcall.Env, in planIn) (string, error) {
	r, err := runPlan(ctx, env, in, "")
	if err != nil {
		return "", err
	}
	return r.send(ctx, env)
}

// planRun is one run of a plan: what it was given, checked and matched, and what it wrote.
type planRun struct {
	in       planIn
	a        *athleteCtx
	items    []planned
	blocks   []planBlock
	dates    planDates
	existing []planEvent
	prefix   string
	m        *planMatch
	answer   format.PlanAnswer // with its sessions (planAnswerOf)
	// shown and token: when the answer was made, and its preview's (calendar_plan_view.go)
	shown time.Time
	token string
}

// runPlan is plan_sessions' run: validate, check, match and (unless check_only) write. A
// preview given (the plan view's "Add to calendar") must be the plan's, still valid
// (checkPreview), before anything is read or written.
func runPlan(ctx context.Context, env *toolcall.Env, in planIn, preview string) (*planRun, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return nil, err
	}
	items, problems := validatePlan(in, a)
	blocks, blockProblems := validateBlocks(in, a)
	intents, weekProblems := parseWeeks(in.Weeks, a)
	if problems = append(append(problems, blockProblems...), weekProblems...); len(problems) > 0 {
		return nil, manifest.Errorf("Nothing was written: %d problem(s) to fix first:\n- %s", len(problems), strings.Join(problems, "\n- "))
	}
	if preview != "" {
		if err := checkPreview(preview, a, in.Plan, items, blocks, env.Now()); err != nil {
			return nil, err
		}
	}
	dates := planDatesOf(items, blocks)
	answer := format.PlanAnswer{Plan: in.Plan, CheckOnly: in.CheckOnly, Today: a.today}
	existing, err := checkPlan(ctx, env, a, items, blocks, planModel(intents), dates, &answer)
	if err != nil {
		return nil, err
	}
	answer.Warnings = append(answer.Warnings, weekWarnings(intents, answer.Calendar)...)
	sortWarnings(answer.Warnings)
	prefix := planPrefix(a.ID, in.Plan)
	answer.BlockWarnings = blockWarnings(blocks, existing, a, prefix, dates.from, dates.to)
	m := matchPlan(items, blocks, existing, prefix)
	answer.Unchanged = len(m.creates) == 0 && len(m.changes) == 0
	if !in.CheckOnly {
		what := fmt.Sprintf("plan %q, %d session(s) %s to %s", in.Plan, len(items), dates.oldest, dates.newest)
		if err := m.write(ctx, newJournal(env, a), what); err != nil {
			return nil, err
		}
	}
	return &planRun{in: in, a: a, items: items, blocks: blocks, dates: dates, existing: existing, prefix: prefix, m: m,
		answer: planAnswerOf(answer, items, m, a)}, nil
}

// planDates are the first and last days of a plan's sessions (from, to), and of its sessions
// and blocks together (oldest, newest).
type planDates struct{ from, to, oldest, newest string }

func planDatesOf(items []planned, blocks []planBlock) planDates {
	d := planDates{from: items[0].date, to: items[0].date}
	for _, p := range items {
		d.from, d.to = min(d.from, p.date), max(d.to, p.date)
	}
	d.oldest, d.newest = d.from, d.to
	for _, b := range blocks {
		d.oldest, d.newest = min(d.oldest, b.first), max(d.newest, b.last)
	}
	return d
}

// checkPlan reads what a plan is checked against and checks it: the loads of its races, the
// calendar with the plan (checkCalendar: days, weeks, load) and race form (formWarnings). It
// says what they found in answer, and returns the calendar over the plan's dates.
func checkPlan(ctx context.Context, env *toolcall.Env, a *athleteCtx, items []planned, blocks []planBlock, model string, dates planDates, answer *format.PlanAnswer) ([]planEvent, error) {
	race, err := estimateRaceLoads(ctx, env, a, items)
	if err != nil {
		return nil, err
	}
	around, err := readCalendar(ctx, env, addDays(dates.oldest, -lookAround), addDays(dates.newest, lookAround))
	if err != nil {
		return nil, err
	}
	w := planWrite(items, blocks)
	w.model = model
	check := checkCalendar(ctx, env, a, w)
	answer.Warnings, answer.Already, answer.FormNote = formWarnings(ctx, env, a, items, around, check, addDays(dates.newest, lookAround))
	answer.CheckNote, answer.Calendar, answer.Race = check.note, check.weeks, race
	var existing []planEvent
	for _, e := range around {
		if lastDay(e, a) >= dates.oldest && e.day() <= dates.newest {
			existing = append(existing, e)
		}
	}
	return existing, nil
}

// planMatch is a plan matched with the calendar by external id: the events to create
// (createdAt: where each goes in the answer, a session's index or a block's after the
// sessions'), the events to change with their changed fields, each session's status and id,
// the blocks as the answer shows them, and the plan's earlier sessions on these dates that
// it leaves as they are (stale).
type planMatch struct {
	creates   []intervals.EventEx
	createdAt []int
	changes   []eventChange
	status    []string
	ids       []int32
	blocks    []format.PlanBlock
	stale     []planEvent
	// saved are the sessions as Intervals.icu answered their write, by index: what it read
	// and computed of each.
	saved map[int]intervals.Event
}

// eventChange is an event as it is and the fields a write changes; at is its place, as
// createdAt's.
type eventChange struct {
	orig   planEvent
	fields map[string]any
	at     int
}

// matchPlan matches the plan's sessions, then its blocks, with the events of the calendar
// that have their external ids; the plan's other events there (under prefix) are stale.
func matchPlan(items []planned, blocks []planBlock, existing []planEvent, prefix string) *planMatch {
	byExt := map[string]planEvent{}
	for _, e := range existing {
		if x := deref(e.ExternalId); x != "" {
			byExt[x] = e
		}
	}
	m := &planMatch{status: make([]string, len(items)), ids: make([]int32, len(items))}
	m.matchSessions(items, byExt)
	m.matchBlocks(blocks, byExt, len(items))
	for x, e := range byExt {
		if strings.HasPrefix(x, prefix+":") {
			m.stale = append(m.stale, e)
		}
	}
	return m
}

// takeExternal removes the event of external id x from byExt and returns it.
func takeExternal(byExt map[string]planEvent, x string) (planEvent, bool) {
	e, ok := byExt[x]
	delete(byExt, x)
	return e, ok
}

// matchSessions decides each session's write: a new one is created; one already there is
// changed where it differs, or left as it is when done.
func (m *planMatch) matchSessions(items []planned, byExt map[string]planEvent) {
	for i, p := range items {
		old, ok := takeExternal(byExt, deref(p.event.ExternalId))
		switch {
		case !ok:
			m.creates = append(m.creates, p.event)
			m.createdAt = append(m.createdAt, i)
			m.status[i] = "new"
		case old.activity != "":
			m.ids[i], m.status[i] = deref(old.Id), "done, left as is"
		default:
			m.ids[i] = deref(old.Id)
			if f := planDiff(old, p); len(f) > 0 {
				m.changes = append(m.changes, eventChange{old, f, i})
				m.status[i] = "updated"
			} else {
				m.status[i] = "unchanged"
			}
		}
	}
}

// matchBlocks decides each block's write, as matchSessions a session's; a block's place in
// the answer follows the sessions' (nItems).
func (m *planMatch) matchBlocks(blocks []planBlock, byExt map[string]planEvent, nItems int) {
	for _, b := range blocks {
		old, ok := takeExternal(byExt, deref(b.event.ExternalId))
		pb := format.PlanBlock{Name: deref(b.event.Name), Kind: b.kind, First: b.first, Last: b.last, Status: "new"}
		switch f := blockDiff(old, b); {
		case !ok:
			m.creates = append(m.creates, b.event)
			m.createdAt = append(m.createdAt, nItems+len(m.blocks))
		case len(f) > 0:
			m.changes = append(m.changes, eventChange{old, f, nItems + len(m.blocks)})
			pb.ID, pb.Status = deref(old.Id), "updated"
		default:
			pb.ID, pb.Status = deref(old.Id), "unchanged"
		}
		m.blocks = append(m.blocks, pb)
	}
}

// write makes the match's changes, then its creates in bulk, through journal j (what says
// the write in it), and gives the created events' ids to their sessions and blocks. A failed
// write rolls back what was written.
func (m *planMatch) write(ctx context.Context, j *journal, what string) error {
	if len(m.changes)+len(m.creates) > 0 {
		want := writeIntent{Creates: createsOf(m.creates, nil)}
		for _, c := range m.changes {
			want.Updates = append(want.Updates, deref(c.orig.Id))
		}
		if err := j.intend(ctx, what, want); err != nil {
			return err
		}
	}
	m.saved = map[int]intervals.Event{}
	for _, c := range m.changes {
		saved, err := j.update(ctx, c.orig, c.fields)
		if err != nil {
			return j.fail(ctx, err)
		}
		m.saved[c.at] = saved
	}
	created, err := j.create(ctx, m.creates)
	if err != nil {
		return j.fail(ctx, err)
	}
	for k, e := range created {
		if k >= len(m.createdAt) {
			break
		}
		m.saved[m.createdAt[k]] = e
		if i := m.createdAt[k]; i < len(m.ids) {
			m.ids[i] = deref(e.Id)
		} else {
			m.blocks[i-len(m.ids)].ID = deref(e.Id) // a block: its index after the sessions
		}
	}
	return nil
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

// answered is a planned session as Intervals.icu answered its write: the time, distance and
// load it read and computed (none estimated), and the targets of the steps as it read them.
// What Intervals.icu does not hold (a race's load, which is estimated for the checks only)
// stays as estimated.
func answered(s format.PlannedSession, saved intervals.Event, a *athleteCtx) format.PlannedSession {
	if v := deref(saved.MovingTime); v > 0 {
		s.Seconds, s.TimeEstimated = int(v), false
	}
	if v := deref(saved.Distance); v > 0 {
		s.Metres, s.TimedMetres, s.Unpaced = float64(v), 0, 0
	}
	if saved.IcuTrainingLoad != nil {
		s.Load, s.LoadEstimated = int(*saved.IcuTrainingLoad), false
	}
	if t := eventTargets(a, saved); t != "" {
		s.Targets = t
	}
	return s
}

// joinNonEmpty joins the parts that are not empty.
func joinNonEmpty(parts []string, sep string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// planAnswerOf is the plan as written (or checked): its sessions and blocks with their ids
// and what this call did to each, and the plan's earlier sessions on these dates that it
// left as they are (stale). The text shows it with a.units.Plan.
func planAnswerOf(ans format.PlanAnswer, items []planned, m *planMatch, a *athleteCtx) format.PlanAnswer {
	ans.Sessions = make([]format.PlannedSession, len(items))
	for i, p := range items {
		s := format.PlannedSession{Date: p.date, Event: p.event, Seconds: p.seconds, TimeEstimated: p.timeEstimated, Metres: p.metres, TimedMetres: p.timed,
			Unpaced: p.unpaced, Load: p.load, LoadEstimated: !p.given.load, ID: m.ids[i], Status: m.status[i]}
		if string(deref(p.event.Category)) == "WORKOUT" {
			s.Targets = plannedTargets(a, deref(p.event.Type), false, deref(p.event.Description))
		}
		notes := []string{p.note}
		if saved, ok := m.saved[i]; ok {
			s = answered(s, saved, a)
			notes = append(notes, readOtherwise(a, deref(p.event.Description), saved))
		}
		s.Note = joinNonEmpty(notes, ". ")
		ans.Sessions[i] = s
	}
	ans.Blocks = m.blocks
	// by day, then id: the stale sessions come from a map, and the answer must not vary
	stale := m.stale
	sort.Slice(stale, func(x, y int) bool {
		if dx, dy := stale[x].day(), stale[y].day(); dx != dy {
			return dx < dy
		}
		return deref(stale[x].Id) < deref(stale[y].Id)
	})
	ans.Stale = sessions(stale)
	return ans
}
