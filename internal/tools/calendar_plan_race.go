package tools

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The races of a plan: the load of one given without it, estimated, not left at 0, so that
// the checks' projection counts it (it is not written: Intervals.icu keeps a race's load only
// as given); and the form going into each, projected with the plan (load.FormGoingInto, as
// get_training_load reads it).

// defaultRaceIF is the intensity factor a race is assumed at when the athlete has no race of
// the last year to go by: about a half marathon's or a 40 km time trial's.
const defaultRaceIF = 0.85

// estimateRaceLoads gives each race of the plan without a load one estimated from its time
// (or from its distance at that intensity of the threshold pace, for runs and swims) and the
// athlete's usual race intensity: the median intensity factor of the races recorded in the
// last year. It returns that intensity, nil when no race needed it.
func estimateRaceLoads(ctx context.Context, env *toolcall.Env, a *athleteCtx, items []planned) (*format.RaceIntensity, error) {
	var need []int
	for i, p := range items {
		if strings.HasPrefix(string(deref(p.event.Category)), "RACE_") && !p.given.load && (p.seconds > 0 || p.metres > 0) {
			need = append(need, i)
		}
	}
	if len(need) == 0 {
		return nil, nil
	}
	ri, err := raceIntensity(ctx, env, a)
	if err != nil {
		return nil, err
	}
	for _, i := range need {
		p := &items[i]
		secs := float64(p.seconds)
		if secs == 0 {
			th := eventThresholds(a, deref(p.event.Type))
			if v := max(th.ThresholdPace, th.SwimThresholdPace); v > 0 {
				secs = p.metres / (v * ri.IF) // at that share of threshold speed
				p.seconds, p.timeEstimated = int(math.Round(secs)), true
			}
		}
		if secs == 0 {
			continue
		}
		p.load = int(math.Round(secs / 3600 * ri.IF * ri.IF * 100)) // for the checks: an estimate is never written
	}
	return ri, nil
}

// raceIntensity is the median intensity factor of the athlete's races recorded in the last
// year (activities marked race), or defaultRaceIF when there is none.
func raceIntensity(ctx context.Context, env *toolcall.Env, a *athleteCtx) (*format.RaceIntensity, error) {
	today := a.today.Format(ymd)
	oldest, newest := addDays(today, -365), today
	fields := []string{"id", "race", "sub_type", "icu_intensity"}
	resp, err := env.Client.ListActivitiesWithResponse(ctx, env.AthleteID, &intervals.ListActivitiesParams{Oldest: oldest, Newest: &newest, Fields: &fields})
	if err != nil {
		return nil, athleteAccessError(env, apiFailed("read the races of the last year", err))
	}
	var ifs []float64
	if resp.JSON200 != nil {
		for _, act := range *resp.JSON200 {
			race := deref(act.Race) || strings.EqualFold(string(deref(act.SubType)), "RACE")
			if v := deref(act.IcuIntensity); race && v > 0 {
				ifs = append(ifs, float64(v)/100)
			}
		}
	}
	if len(ifs) == 0 {
		return &format.RaceIntensity{IF: defaultRaceIF}, nil
	}
	sort.Float64s(ifs)
	m := ifs[len(ifs)/2]
	if len(ifs)%2 == 0 {
		m = (ifs[len(ifs)/2-1] + m) / 2
	}
	return &format.RaceIntensity{IF: math.Round(m*100) / 100, Races: len(ifs)}, nil
}

// formGoingInto is the form going into race r in a projection (none when t is nil).
func formGoingInto(t *trainingLoad, r calSession) (load.RaceForm, bool) {
	if t == nil {
		return load.RaceForm{}, false
	}
	return load.FormGoingInto(t.series, r.date, r.category)
}
