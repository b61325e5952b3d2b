package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// list_athletes lists the athletes the key's account coaches (listAthletes), with the ids a
// coach passes as `athlete` to every other tool. It reads the account, not one athlete, so
// it does not depend on the call's athlete.

type listAthletesIn struct{}

func listAthletesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "list_athletes",
		Title:       "Coached athletes",
		Description: "Lists the athletes this account coaches, with the id to pass as athlete to other tools.",
		Toolset:     manifest.Coach,
		Access:      manifest.Read,
		Operations:  []string{"listAthletes"},
	}, listAthletes)
}

func listAthletes(ctx context.Context, env *toolcall.Env, _ listAthletesIn) (string, error) {
	list, err := coachedAthletes(ctx, env)
	if err != nil {
		return "", err
	}
	return format.CoachedAthletes(list, env.MaxChars()), nil
}

// coachedAthletes are the athletes the account lists (listAthletes).
func coachedAthletes(ctx context.Context, env *toolcall.Env) ([]format.CoachedAthlete, error) {
	resp, err := env.Client.ListAthletesWithResponse(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("list the coached athletes: %w", err)
	}
	var list []format.CoachedAthlete
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		return nil, fmt.Errorf("list the coached athletes: Intervals.icu answered %d without a list; try again in a moment", resp.StatusCode())
	}
	return list, nil
}

// forEveryAthlete answers a call for athlete "all" (Env.EveryAthlete, coach mode): one answer
// for each athlete list_athletes shows, each made by one for that athlete alone (in its own
// time zone) within an equal share of the budget, after a team line that sums up every
// athlete's last full week (format.TeamLine). An athlete whose data cannot be read is said
// so in its place; the others are still answered. A client that asked is told each athlete
// as it is read (toolcall.Report).
func forEveryAthlete(ctx context.Context, env *toolcall.Env, one func(context.Context, *toolcall.Env) (string, format.AthleteWeek, error)) (string, error) {
	list, err := coachedAthletes(ctx, env)
	if err != nil {
		return "", err
	}
	if len(list) == 0 {
		return "", manifest.Errorf("athlete all: this account coaches no athletes (list_athletes is empty); leave athlete out for your own data")
	}
	answers := make([]string, 0, len(list))
	weeks := make([]format.AthleteWeek, 0, len(list))
	team := teamLineBudget(len(list))
	share := (env.MaxChars() - team - 2*len(list)) / len(list)
	for i, a := range list {
		toolcall.Report(ctx, i, len(list), fmt.Sprintf("reading %s (%d of %d athletes)", nameOr(a.Name, a.ID), i+1, len(list)))
		sub := *env
		sub.AthleteID, sub.EveryAthlete, sub.Budget = a.ID, false, share
		text, wk, err := one(ctx, &sub)
		wk.Name = nameOr(a.Name, a.ID)
		if err != nil {
			if ctx.Err() != nil {
				return "", err
			}
			text = fmt.Sprintf("%s [%s]: not answered: %v", wk.Name, a.ID, err)
			wk.Err = err.Error()
		}
		weeks = append(weeks, wk)
		answers = append(answers, format.Clip(text, share))
	}
	toolcall.Report(ctx, len(list), len(list), fmt.Sprintf("read %d athletes", len(list)))
	return format.Clip(format.TeamLine(weeks), team) + "\n\n" + strings.Join(answers, "\n\n"), nil
}

// teamLineBudget is what the team line may take of the answer: a sentence, and a clause for
// each athlete.
func teamLineBudget(athletes int) int { return 120 + 70*athletes }

// weekReview is one athlete's part of the coach's review (get_training_volume for athlete
// all): the weeks' volume and plan, then the athlete's own words on the last full week's
// activities (their notes, RPE, feel and comments) and in their chat with the coach since
// that week's Monday (coach_chats.go), by date, those a coach reads first named in one line
// before them; the volume cut first to leave the words a third of the share.
func weekReview(ctx context.Context, env *toolcall.Env, weeks int, chats coachChats) (string, format.AthleteWeek, error) {
	v, err := readVolume(ctx, env, weeks)
	if err != nil {
		return "", format.AthleteWeek{}, err
	}
	wk := format.AthleteWeek{Monday: v.lastMonday}
	for _, w := range v.vol.Weeks {
		if w.Monday == v.lastMonday {
			wk.Plan = w.Plan
		}
	}
	ws, err := athleteWords(ctx, env, v)
	if err != nil {
		return "", wk, err
	}
	said, unread := chatWords(ctx, env, chats, v.ath, v.lastMonday)
	ws = append(ws, said...)
	sort.SliceStable(ws, func(i, j int) bool { return ws[i].Date < ws[j].Date })
	words := format.AthleteWords(ws, env.MaxChars()/3-len(unread))
	if unread != "" {
		words += "\n" + unread
	}
	return v.ath.units.TrainingVolume(v.vol, env.MaxChars()-len(words)-1) + "\n" + words, wk, nil
}

// athleteWords are the athlete's own words on the last full week's activities: the note,
// RPE and feel they gave each, and their comments under it (listActivityMessages; a coach's
// or a partner's comments are not the athlete's words). Strava stubs have none.
func athleteWords(ctx context.Context, env *toolcall.Env, v *athleteVolume) ([]format.Words, error) {
	var out []format.Words
	end := addDays(v.lastMonday, 7)
	for _, a := range v.acts {
		d := activityDate(a)
		if a.Id == nil || d < v.lastMonday || d >= end || format.IsStravaStub(a) {
			continue
		}
		w := format.Words{Date: d, Sport: deref(a.Type), Name: deref(a.Name), Note: strings.TrimSpace(deref(a.Description)), RPE: int(deref(a.IcuRpe)), Feel: int(deref(a.Feel))}
		resp, err := env.Client.ListActivityMessagesWithResponse(ctx, *a.Id, nil)
		if err != nil {
			return nil, apiFailed("read the comments of activity "+*a.Id, err)
		}
		if resp.JSON200 != nil {
			for _, m := range *resp.JSON200 {
				if c := strings.TrimSpace(deref(m.Content)); c != "" && toolcall.SameAthlete(deref(m.AthleteId), v.ath.ID) {
					w.Comments = append(w.Comments, c)
				}
			}
		}
		if w.Note != "" || w.RPE > 0 || w.Feel > 0 || len(w.Comments) > 0 {
			out = append(out, w)
		}
	}
	return out, nil
}
