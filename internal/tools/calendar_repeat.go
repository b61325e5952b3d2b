package tools

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// seriesPrefix is the external-id prefix of the copies repeat_session makes of event id:
// update_session's "following" scope finds the series by it.
func seriesPrefix(id int32) string { return fmt.Sprintf("imcp:s%d:", id) }

// seriesRoot is the event a series of e was repeated from: the id in e's external id when
// repeat_session made e, else e's own id.
func seriesRoot(e planEvent) int32 {
	if x := deref(e.ExternalId); strings.HasPrefix(x, "imcp:s") {
		if n, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(x, "imcp:s"), ":", 2)[0]); err == nil {
			return int32(n)
		}
	}
	return deref(e.Id)
}

type repeatIn struct {
	ID         sessionRef `json:"id" jsonschema_description:"Event id"`
	EveryWeeks int        `json:"every_weeks,omitempty" jsonschema:"minimum=1,maximum=12,default=1"`
	Times      int        `json:"times" jsonschema:"minimum=1,maximum=52" jsonschema_description:"Copies after the original"`
	AllowPast  bool       `json:"allow_past,omitempty"`
	CheckOnly  bool       `json:"check_only,omitempty"`
}

func repeatSessionTool() manifest.Tool {
	t := manifest.New(manifest.Def{
		Name:        "repeat_session",
		Title:       "Repeat a session",
		Description: "Repeats one session every N weeks, M times (a series update_session can change).",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, repeatSession)
	t.View = planView
	return t
}

func repeatSession(ctx context.Context, env *toolcall.Env, in repeatIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	ids, err := eventIDs([]sessionRef{in.ID})
	if err != nil {
		return "", err
	}
	every := in.EveryWeeks
	src, err := readEvent(ctx, env, ids[0])
	if err != nil {
		return "", err
	}
	if _, err := time.Parse(ymd, src.day()); err != nil {
		return "", manifest.Errorf("event %d has no date to repeat from", ids[0])
	}
	root := seriesRoot(src)
	if root == 0 {
		root = ids[0]
	}
	for k := 1; k <= in.Times; k++ {
		if _, err := shiftTarget(src.day(), 7*every*k, a.today, in.AllowPast); err != nil {
			return "", manifest.Errorf("Nothing was changed: copy %d of event %d (%s): %v", k, ids[0], src.day(), err)
		}
	}
	last := shiftLocal(src.StartDateLocal, 7*every*in.Times)
	have, err := readCalendar(ctx, env, src.day(), deref(last)[:10])
	if err != nil {
		return "", err
	}
	var copies []intervals.EventEx
	var srcs []planEvent
	var shifts []int
	var exts []string
	skipped := 0
	var changes []calendarChange
	for k := 1; k <= in.Times; k++ {
		c := copyOf(src, 7*every*k, seriesPrefix(root)+strings.ReplaceAll(deref(shiftLocal(src.StartDateLocal, 7*every*k))[:10], "-", ""))
		srcs, shifts, exts = append(srcs, src), append(shifts, 7*every*k), append(exts, deref(c.ExternalId))
		ch := calendarChange{e: shifted(src, 7*every*k), from: src.day()}
		ch.e.ExternalId = c.ExternalId
		if i := slices.IndexFunc(have, func(e planEvent) bool { return deref(e.ExternalId) == deref(c.ExternalId) }); i >= 0 {
			skipped++
			changes = append(changes, calendarChange{e: have[i], from: src.day(), status: "already there"})
			continue
		}
		copies = append(copies, c)
		changes = append(changes, ch)
	}
	check := checkCalendar(ctx, env, a, copiesWrite(srcs, shifts, exts, a))
	if in.CheckOnly {
		var would []intervals.Event
		for _, c := range changes {
			if c.status == "" {
				would = append(would, c.e.Event)
			}
		}
		return answerChanges(ctx, env, a, check, changes, "Repeat preview", false, func(n int) string {
			return a.units.Repeated(src.session(), every, would, skipped, a.today, n)
		}), nil
	}
	j := newJournal(env, a)
	if len(copies) > 0 {
		if err := j.intend(ctx, fmt.Sprintf("repeat of event %d, %d time(s)", ids[0], in.Times), writeIntent{Creates: createsOf(copies, func(int) int32 { return ids[0] })}); err != nil {
			return "", err
		}
	}
	created, err := j.create(ctx, copies)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	answeredCopies(changes, created)
	return answerChanges(ctx, env, a, check, changes, "Repeated", true, func(n int) string { return a.units.Repeated(src.session(), every, created, skipped, a.today, n) }), nil
}
