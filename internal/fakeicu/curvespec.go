package fakeicu

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// curveRange is one curve asked for in curves=: an id ("1y", "90d", "all",
// "r.2026-01-01.2026-03-01") and the local date range it covers.
type curveRange struct {
	id, label string
	lo, hi    time.Time // local, inclusive
	days      int
}

// parseCurves reads the curves= list; the default is the last year. today is local.
func parseCurves(raw []string, today time.Time) ([]curveRange, error) {
	var ids []string
	for _, r := range raw {
		for _, id := range strings.Split(r, ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		ids = []string{"1y"}
	}
	end := endOfDay(today)
	out := make([]curveRange, 0, len(ids))
	for _, id := range ids {
		c := curveRange{id: id, hi: end}
		switch {
		case id == "all":
			c.label, c.lo = "All time", time.Date(1986, 1, 1, 0, 0, 0, 0, time.UTC)
		case strings.HasPrefix(id, "r."):
			from, to, ok := strings.Cut(strings.TrimPrefix(id, "r."), ".")
			lo, err1 := time.Parse(dateLayout, from)
			hi, err2 := time.Parse(dateLayout, to)
			if !ok || err1 != nil || err2 != nil || hi.Before(lo) {
				return nil, fmt.Errorf("invalid curve %q: a range is r.YYYY-MM-DD.YYYY-MM-DD", id)
			}
			c.lo, c.hi = lo, endOfDay(hi)
			c.label = lo.Format("2-Jan") + " " + hi.Format("2-Jan-2006")
		default:
			n, unit := splitCount(id)
			if n <= 0 {
				return nil, fmt.Errorf("invalid curve %q: use all, Nd, Nw, Nm, Ny or r.YYYY-MM-DD.YYYY-MM-DD", id)
			}
			switch unit {
			case "d":
				c.lo, c.label = startOfDay(today).AddDate(0, 0, -n+1), plural(n, "day")
			case "w":
				c.lo, c.label = startOfDay(today).AddDate(0, 0, -7*n+1), plural(n, "week")
			case "m":
				c.lo, c.label = startOfDay(today).AddDate(0, -n, 1), plural(n, "month")
			case "y":
				c.lo, c.label = startOfDay(today).AddDate(-n, 0, 1), plural(n, "year")
			default:
				return nil, fmt.Errorf("invalid curve %q: use all, Nd, Nw, Nm, Ny or r.YYYY-MM-DD.YYYY-MM-DD", id)
			}
		}
		c.days = int(c.hi.Sub(c.lo).Hours()/24) + 1
		out = append(out, c)
	}
	return out, nil
}

// splitCount splits "90d" into 90 and "d".
func splitCount(id string) (int, string) {
	i := strings.IndexFunc(id, func(r rune) bool { return r < '0' || r > '9' })
	if i <= 0 {
		return 0, ""
	}
	n, err := strconv.Atoi(id[:i])
	if err != nil {
		return 0, ""
	}
	return n, id[i:]
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// sportTypes are the activity types a curve of sport covers: those of the sport settings
// that include it (Ride covers VirtualRide ...), or just sport.
func sportTypes(a *synth.Athlete, sport string) []string {
	for _, ss := range a.SportSettings {
		if slices.Contains(deref(ss.Types), api.SportType(sport)) {
			out := make([]string, 0, len(deref(ss.Types)))
			for _, t := range deref(ss.Types) {
				out = append(out, string(t))
			}
			return out
		}
	}
	return []string{sport}
}

// curveActivities are the activities of the given types in a curve's range that have
// streams, oldest first.
func curveActivities(a *synth.Athlete, types []string, c curveRange) []*api.Activity {
	var out []*api.Activity
	for i := range a.Activities {
		act := &a.Activities[i]
		if isStrava(act) || !slices.Contains(types, deref(act.Type)) || !localIn(deref(act.StartDateLocal), c.lo, c.hi) {
			continue
		}
		if _, ok := a.StreamSpecs[deref(act.Id)]; ok {
			out = append(out, act)
		}
	}
	return out
}

// curveActivity is an entry of a curve set's activities map: the fields the real API sends
// for each activity a curve point comes from (training_load is not in the spec's Activity).
type curveActivity struct {
	ID             string   `json:"id"`
	Name           *string  `json:"name"`
	Distance       *float32 `json:"distance"`
	MovingTime     *int32   `json:"moving_time"`
	TrainingLoad   *int32   `json:"training_load"`
	IcuWeight      *float32 `json:"icu_weight"`
	StartDateLocal *string  `json:"start_date_local"`
	Race           bool     `json:"race"`
}

func newCurveActivity(act *api.Activity) curveActivity {
	return curveActivity{
		ID: deref(act.Id), Name: act.Name, Distance: act.Distance, MovingTime: act.MovingTime,
		TrainingLoad: act.IcuTrainingLoad, IcuWeight: act.IcuWeight,
		StartDateLocal: act.StartDateLocal, Race: deref(act.Race),
	}
}
