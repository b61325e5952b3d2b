package bench

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// The facts of the answers about days: wellness of 30 days and the calendar of the next 14
// (requests_facts_test.go).

// wellnessFacts: get_wellness_data of the last 30 days.
func (d *demo) wellnessFacts(t *testing.T) []fact {
	rows := d.wellness(t, d.date(-29), d.date(0))
	fs := []fact{{what: "count and range", words: []string{fmt.Sprintf("%d days", len(rows)), d.date(-29), d.date(0)}},
		{what: "units", words: []string{"kg", "bpm", "ms", "%"}}}
	recorded := map[string]bool{}
	for _, w := range rows {
		var v []string
		ctl, atl := float64(*w.Ctl), float64(*w.Atl)
		v = append(v, num(ctl, 1), num(atl, 1), num(ctl-atl, 1), pct((ctl-atl)/ctl*100, 0))
		if x, ok := val(w.RampRate); ok {
			v = append(v, num(x, 1))
		}
		for _, m := range []struct {
			name   string
			x      float64
			ok     bool
			places int
		}{
			{"weight", or0(w.Weight), w.Weight != nil, 1}, {"resting HR", or0(w.RestingHR), w.RestingHR != nil, 0},
			{"HRV", or0(w.Hrv), w.Hrv != nil, 0}, {"sleep score", or0(w.SleepScore), w.SleepScore != nil, 1},
			{"sleeping HR", or0(w.AvgSleepingHR), w.AvgSleepingHR != nil, 0}, {"SpO2", or0(w.SpO2), w.SpO2 != nil, 1},
			{"steps", or0(w.Steps), w.Steps != nil, 0},
		} {
			if m.ok {
				recorded[m.name] = true
				v = append(v, num(m.x, m.places))
			}
		}
		if s, ok := val(w.SleepSecs); ok {
			v = append(v, clock(s))
		}
		for _, s := range []struct {
			name, field string
			p           *int32
		}{{"sleep quality", "sleepQuality", w.SleepQuality}, {"soreness", "soreness", w.Soreness}, {"felt fatigue", "fatigue", w.Fatigue},
			{"stress", "stress", w.Stress}, {"mood", "mood", w.Mood}, {"motivation", "motivation", w.Motivation}} {
			if s.p != nil {
				recorded[s.name] = true
				v = append(v, num(float64(*s.p), 0))
				// the score's label (Intervals.icu's, format's one definition) is said, on the
				// day or once in a legend
				_, label, _ := strings.Cut(format.Scale(s.field, int(*s.p)), " ")
				fs = append(fs, fact{what: s.name + " label", words: []string{s.name, label}})
			}
		}
		fs = append(fs, fact{what: "day " + str(w.Id), anchor: weekdayDate(str(w.Id)), values: v})
	}
	var none []string
	for _, name := range []string{"readiness", "blood pressure", "injury", "hydration"} {
		if !recorded[name] {
			none = append(none, name)
		}
	}
	return append(fs, fact{what: "metrics recorded on no day", anchor: "Not recorded", words: none})
}

// sportSettings is the athlete's settings for a sport type.
func (d *demo) sportSettings(sport string) intervals.SportSettings {
	for _, s := range *d.profile.SportSettings {
		for _, ty := range *s.Types {
			if string(ty) == sport {
				return s
			}
		}
	}
	for _, s := range *d.profile.SportSettings {
		if s.Other != nil && *s.Other {
			return s
		}
	}
	return intervals.SportSettings{}
}

var stepTarget = regexp.MustCompile(`(?m)^- \S+ (.+)$`)

// targets are the values of a planned workout's relative targets in the athlete's units, as
// the calendar shows them under a session to do: the percent and its watts (FTP of the
// event, the indoor one for a virtual ride), the percent and its pace, or the HR zone's
// bounds in bpm. A target already absolute has none.
func (d *demo) targets(e intervals.Event) []string {
	ss := d.sportSettings(str(e.Type))
	seen := map[string]bool{}
	var v []string
	for _, m := range stepTarget.FindAllStringSubmatch(str(e.Description), -1) {
		tg := strings.TrimSpace(m[1])
		if seen[tg] {
			continue
		}
		seen[tg] = true
		var p, z int
		switch {
		case strings.HasSuffix(tg, "% Pace"):
			p, _ = strconv.Atoi(strings.TrimSuffix(tg, "% Pace"))
			tp := float64(*ss.ThresholdPace) * float64(p) / 100
			v = append(v, pct(float64(p), 0), pace(tp, str(e.Type)))
		case strings.HasSuffix(tg, "%"):
			p, _ = strconv.Atoi(strings.TrimSuffix(tg, "%"))
			v = append(v, pct(float64(p), 0), num(math.Round(float64(p)*float64(*e.IcuFtp)/100), 0))
		case regexp.MustCompile(`^Z\d HR$`).MatchString(tg):
			z, _ = strconv.Atoi(tg[1:2])
			zs := *ss.HrZones
			if z > 1 {
				v = append(v, num(float64(zs[z-2]+1), 0))
			}
			v = append(v, num(float64(zs[z-1]), 0), num(float64(z), 0))
		}
	}
	return v
}

// eventFacts: get_events of the next 14 days.
func (d *demo) eventFacts(t *testing.T) []fact {
	evs := d.events(t, d.date(0), d.date(13))
	paired := d.fake.World().Athletes[0].PairedActivity
	var done, missed, todo int
	var fs []fact
	for _, e := range evs {
		cat := str(e.Category)
		first := str(e.StartDateLocal)[:10]
		f := fact{what: fmt.Sprintf("event %d", *e.Id), anchor: strconv.Itoa(int(*e.Id)), words: []string{weekdayDate(first), cat, str(e.Name)}}
		if e.Type != nil {
			f.words = append(f.words, *e.Type)
		}
		if end := str(e.EndDateLocal); end != "" && end[:10] > d.date(0) && end[:10] != addDay(first) {
			f.words = append(f.words, weekdayDate(mustDate(end[:10]).AddDate(0, 0, -1).Format("2006-01-02")))
		}
		if s, ok := val(e.MovingTime); ok && s > 0 {
			f.values = append(f.values, clock(s))
		}
		if m, ok := val(e.Distance); ok && m > 0 {
			f.values = append(f.values, distance(m, str(e.Type)))
		}
		if l, ok := val(e.IcuTrainingLoad); ok {
			f.values = append(f.values, num(l, 0))
		}
		if cat == "WORKOUT" || strings.HasPrefix(cat, "RACE_") {
			switch {
			case paired[*e.Id] != "":
				done++
				f.words = append(f.words, "done", paired[*e.Id])
			case first < d.date(0):
				missed++
				f.words = append(f.words, "missed")
			default:
				todo++
				f.words = append(f.words, "to do")
				f.values = append(f.values, d.targets(e)...)
			}
		} else if e.Description != nil {
			f.words = append(f.words, *e.Description)
		}
		fs = append(fs, f)
	}
	return append(fs, fact{what: "counts", words: []string{fmt.Sprintf("%d events", len(evs)), weekdayDate(d.date(0)),
		fmt.Sprintf("%d done", done), fmt.Sprintf("%d missed", missed), fmt.Sprintf("%d to do", todo)}},
		fact{what: "units", words: []string{" W", "bpm", "/100m", "/km", " m"}})
}
