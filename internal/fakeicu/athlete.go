package fakeicu

import (
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// GetAthlete answers GET /athlete/{id}: the profile with the current sport settings.
func (s *server) GetAthlete(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		p := a.Profile
		p.SportSettings = ptr(a.SportSettings)
		writeJSON(w, http.StatusOK, p)
	})
}

// GetAthleteProfile answers GET /athlete/{id}/profile: the public profile, custom items and
// shared folders.
func (s *server) GetAthleteProfile(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		writeJSON(w, http.StatusOK, api.AthleteProfile{
			Athlete:       ptr(cloneVia[api.AthleteForProfile](a.Profile)),
			CustomItems:   ptr(append([]api.CustomItem{}, a.CustomItems...)),
			SharedFolders: &[]api.Folder{},
		})
	})
}

// ListAthletes answers GET /athletes: the athletes the credential's owner coaches.
func (s *server) ListAthletes(w http.ResponseWriter, r *http.Request, p api.ListAthletesParams) {
	s.locked(false, func(st *store) {
		list := []api.AthleteWithTags{}
		me := st.self(r)
		for _, a := range st.w.Athletes {
			if a != me && st.sees(me, a) {
				list = append(list, cloneVia[api.AthleteWithTags](a.Profile))
			}
		}
		writeJSON(w, http.StatusOK, list)
	})
}

// GetAthleteSummary answers GET /athlete/{id}/athlete-summary{ext}: one row per week
// (weeks start on Monday), newest first, with totals, totals by sport and the fitness model
// at the week's last wellness record. start/end default to 6 days ago..today.
func (s *server) GetAthleteSummary(w http.ResponseWriter, r *http.Request, id string, ext string, p api.GetAthleteSummaryParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	s.readAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		today := startOfDay(st.today(a))
		lo, hi, ok := dateRange(w, "start", p.Start, "end", p.End, today.AddDate(0, 0, -6), endOfDay(today))
		if !ok {
			return
		}
		rows := []api.SummaryWithCats{}
		for week := endOfWeek(hi); !week.Before(lo); week = week.AddDate(0, 0, -7) {
			from := startOfDay(week.AddDate(0, 0, -6))
			rows = append(rows, summarize(a, maxTime(from, startOfDay(lo)), minTime(week, hi)))
		}
		writeJSON(w, http.StatusOK, rows)
	})
}

// endOfWeek is the Sunday (end of day) of t's Monday-based week.
func endOfWeek(t time.Time) time.Time {
	offset := (7 - int(t.Weekday())) % 7
	return endOfDay(t.AddDate(0, 0, offset))
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// summarize totals an athlete's week [lo, hi].
func summarize(a *synth.Athlete, lo, hi time.Time) api.SummaryWithCats {
	weekStart := startOfDay(hi).AddDate(0, 0, -int((hi.Weekday()+6)%7))
	row := api.SummaryWithCats{
		AthleteId: a.Profile.Id, AthleteName: a.Profile.Name,
		Date: ptr(weekStart.Format(dateLayout)),
	}
	var tot totals
	byCat := map[string]*totals{}
	var order []string
	zones := []int32{}
	for i := range a.Activities {
		act := &a.Activities[i]
		if isStrava(act) || !localIn(deref(act.StartDateLocal), lo, hi) {
			continue
		}
		tot.add(act)
		sport := deref(act.Type)
		if byCat[sport] == nil {
			byCat[sport] = &totals{}
			order = append(order, sport)
		}
		byCat[sport].add(act)
		for z, zt := range deref(act.IcuZoneTimes) {
			for len(zones) <= z {
				zones = append(zones, 0)
			}
			zones[z] += deref(zt.Secs)
		}
	}
	tot.fill(&row.Count, &row.Time, &row.MovingTime, &row.ElapsedTime, &row.Calories,
		&row.TotalElevationGain, &row.TrainingLoad, &row.Srpe, &row.Distance)
	cats := []api.CategorySummary{}
	for _, sport := range order {
		c := api.CategorySummary{Category: ptr(api.SportType(sport))}
		byCat[sport].fill(&c.Count, &c.Time, &c.MovingTime, &c.ElapsedTime, &c.Calories,
			&c.TotalElevationGain, &c.TrainingLoad, &c.Srpe, &c.Distance)
		cats = append(cats, c)
	}
	row.ByCategory = &cats
	row.TimeInZones = &zones
	var zoneTot int32
	for _, z := range zones {
		zoneTot += z
	}
	row.TimeInZonesTot = &zoneTot
	for i := len(a.Wellness) - 1; i >= 0; i-- {
		wr := &a.Wellness[i]
		if !localIn(deref(wr.Id), lo, hi) {
			continue
		}
		row.MostRecentWellnessId = wr.Id
		row.Fitness, row.Fatigue, row.RampRate = wr.Ctl, wr.Atl, wr.RampRate
		if wr.Ctl != nil && wr.Atl != nil {
			row.Form = ptr(*wr.Ctl - *wr.Atl)
		}
		row.Weight = wr.Weight
		break
	}
	return row
}

// totals sums activities for the summary.
type totals struct {
	count, time, moving, elapsed, calories, load, srpe int32
	climb, distance                                    float32
}

func (t *totals) add(act *api.Activity) {
	t.count++
	t.time += deref(act.MovingTime)
	t.moving += deref(act.MovingTime)
	t.elapsed += deref(act.ElapsedTime)
	t.calories += deref(act.Calories)
	t.load += deref(act.IcuTrainingLoad)
	t.srpe += deref(act.SessionRpe)
	t.climb += deref(act.TotalElevationGain)
	t.distance += deref(act.Distance)
}

func (t *totals) fill(count, time, moving, elapsed, calories **int32, climb **float32, load, srpe **int32, distance **float32) {
	*count, *time, *moving, *elapsed, *calories = ptr(t.count), ptr(t.time), ptr(t.moving), ptr(t.elapsed), ptr(t.calories)
	*climb, *load, *srpe, *distance = ptr(t.climb), ptr(t.load), ptr(t.srpe), ptr(t.distance)
}
