package tools

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func renderPlanBlock(args map[string]string) (string, error) {
	goal := strings.TrimSpace(args["goal"])
	if goal == "" {
		return "", fmt.Errorf("goal is required: say what the block is for, e.g. a marathon on 2027-03-14")
	}
	weeks, err := strconv.Atoi(strings.TrimSpace(args["weeks"]))
	if err != nil || weeks < 1 || weeks > 52 {
		return "", fmt.Errorf("weeks must be a whole number from 1 to 52, got %q", args["weeks"])
	}
	per, err := strconv.Atoi(strings.TrimSpace(args["sessions_per_week"]))
	if err != nil || per < 1 || per > 14 {
		return "", fmt.Errorf("sessions_per_week must be a whole number from 1 to 14, got %q", args["sessions_per_week"])
	}
	long := strings.TrimSpace(args["long_day"])
	if long == "" {
		long = "the athlete's usual long-session day"
	}
	total := weeks * per
	return fmt.Sprintf(`Plan a %d-week training block for this goal: %s.
%d sessions a week (%d in all), long session on %s.

1. Call get_athlete_context for today's date, time zone, zones, thresholds, fitness and coming races and periods; get_training_volume and get_training_load for recent weeks.
2. Design the block: progressive load, an easier week every third or fourth week, a taper before the goal, intensity in targets the athlete has thresholds for (%% FTP, %% LTHR, pace). Keep the long session on %s.
3. Write it with plan_sessions, plan name "%s", structured steps for every workout, dates as YYYY-MM-DD in the athlete's time zone. At most 60 sessions per call: for more, make several calls with the same plan name, in date order.
4. Mark the block with create_period (kind BLOCK), one per phase if there are phases.
5. Answer with the weekly summary plan_sessions gave: sessions, time, load per week, and the idea of the block.`,
		weeks, goal, per, total, long, long, goal), nil
}

func renderAdaptToIllness(args map[string]string) (string, error) {
	since := strings.TrimSpace(args["since"])
	if since == "" {
		return "", fmt.Errorf("since is required: say since when, e.g. yesterday or 2026-11-28")
	}
	feeling := strings.TrimSpace(args["feeling"])
	if feeling == "" {
		feeling = "not said"
	}
	return fmt.Sprintf(`The athlete has been ill since %s. How it feels now: %s.

1. Call get_athlete_context (today in the athlete's time zone, form, coming races), then get_events for the next two weeks.
2. Record the illness with create_period kind SICK from %s to the last day a rest is needed (with fever or symptoms below the neck: no training until they are gone).
3. Rework the next two weeks: move_sessions for the key sessions that still fit, update_session to shorten or ease the first sessions back (easy, no intensity for a few days), delete_event for what no longer fits. Done sessions cannot be changed; leave them.
4. Answer with what changed, day by day, and when normal training resumes. If a race is near, say whether it is still realistic.`,
		since, feeling, since), nil
}

// The prompts name the tools to call and in which order, so that a client's button (plan a
// block, adapt to illness, weekly review, race readiness) does the same thing each time.

// Prompts returns the prompts for the common asks: plan a block, adapt to illness, weekly
// review, race readiness. In coach mode each takes the athlete it is for, and tells the model
// to pass it to every tool; outside it none does (the tools would refuse the argument).
func Prompts(coach bool) []manifest.Prompt {
	var athlete []manifest.PromptArg
	if coach {
		athlete = []manifest.PromptArg{{Name: "athlete", Description: "the athlete's id from list_athletes (default: you)"}}
	}
	withAthlete := func(render func(map[string]string) (string, error)) func(map[string]string) (string, error) {
		return func(args map[string]string) (string, error) {
			who, err := promptAthlete(args, coach)
			if err != nil {
				return "", err
			}
			text, err := render(args)
			return who + text, err
		}
	}
	ps := []manifest.Prompt{
		{
			Name:        "plan_block",
			Title:       "Plan a training block",
			Description: "Builds a block of training toward a goal and writes it to the calendar in one step.",
			Args: []manifest.PromptArg{
				{Name: "goal", Description: "e.g. marathon on 2027-03-14 in 3:15", Required: true},
				{Name: "weeks", Description: "length of the block in weeks", Required: true},
				{Name: "sessions_per_week", Description: "e.g. 5", Required: true},
				{Name: "long_day", Description: "day of the long session, e.g. Sunday"},
			},
			Render: withAthlete(renderPlanBlock),
		},
		{
			Name:        "adapt_to_illness",
			Title:       "Adapt to illness",
			Description: "Marks the days ill and reworks the coming two weeks of sessions.",
			Args: []manifest.PromptArg{
				{Name: "since", Description: "since when, e.g. yesterday or 2026-11-28", Required: true},
				{Name: "feeling", Description: "how it feels now: symptoms, fever, energy"},
			},
			Render: withAthlete(renderAdaptToIllness),
		},
		{
			Name:        "weekly_review",
			Title:       "Weekly review",
			Description: "Reviews a week: done against planned, load and form, wellness, and what to change next week.",
			Args: []manifest.PromptArg{
				{Name: "week", Description: "any date of the week, YYYY-MM-DD (default: last week)"},
			},
			Render: withAthlete(renderWeeklyReview),
		},
		{
			Name:        "race_readiness",
			Title:       "Race readiness",
			Description: "Checks whether form will be right for a race and how to adjust the days before it.",
			Args: []manifest.PromptArg{
				{Name: "race", Description: "the race and its date, e.g. 10 km on 2026-12-12 (default: the next race on the calendar)"},
			},
			Render: withAthlete(renderRaceReadiness),
		},
	}
	for i := range ps {
		ps[i].Args = append(ps[i].Args, athlete...)
	}
	return ps
}

// promptAthlete says whose data a prompt is about and how to pass the athlete (coach mode).
func promptAthlete(args map[string]string, coach bool) (string, error) {
	a := strings.TrimSpace(args["athlete"])
	if a == "" {
		return "", nil
	}
	if !coach {
		return "", fmt.Errorf("athlete is for coaches: this server works for one athlete; start it with the coach toolset (--toolsets default,coach) to choose")
	}
	if strings.ContainsAny(a, " \t\n\"") {
		return "", fmt.Errorf("athlete %q: give the athlete's id from list_athletes, e.g. i12345", a)
	}
	return fmt.Sprintf("This is for athlete %s: pass athlete=%q to every tool call.\n", a, a), nil
}

func renderWeeklyReview(args map[string]string) (string, error) {
	week := "last week (Monday to Sunday, in the athlete's time zone)"
	if w := strings.TrimSpace(args["week"]); w != "" {
		d, err := time.Parse(ymd, w)
		if err != nil {
			return "", fmt.Errorf("week %q: give any date of the week as YYYY-MM-DD", w)
		}
		mon := mondayOf(d.Format(ymd))
		week = fmt.Sprintf("the week %s to %s", weekdayDate(mon), weekdayDate(addDays(mon, 6)))
	}
	return fmt.Sprintf(`Review %s.

1. Call get_athlete_context for today's date, zones and thresholds, and coming races.
2. Call get_events for the week: which planned sessions were done, missed or changed.
3. Call get_activities for the week, and get_activity_details for the key sessions (intervals, how they felt, RPE).
4. Call get_training_load with weeks=3 for load done against planned, fitness, fatigue, form and ramp rate, and the projection over the coming week.
5. Call get_wellness_data for the week: sleep, HRV, resting HR, soreness, fatigue, mood, injury.

Answer in under 250 words: done against planned (sessions, time, load), the quality sessions and how they went, what wellness says, form and its zone, then two or three concrete changes for next week. Say when data are missing rather than guessing.`, week), nil
}

func renderRaceReadiness(args map[string]string) (string, error) {
	race := strings.TrimSpace(args["race"])
	if race == "" {
		race = "the next race on the calendar (RACE_A, RACE_B or RACE_C in get_events)"
	}
	return fmt.Sprintf(`Is the athlete ready for %s?

1. Call get_athlete_context for today's date, thresholds and coming races; get_events from today to the race day for what is planned.
2. Call get_training_load with days reaching the race day: fitness, fatigue and form projected over the planned sessions. Its race line gives the form going into the race (the race morning: the end of the day before, before the race's own load) against the target for its priority, in %% of fitness: %s. Below the target the athlete races tired; above it fitness is being lost.
3. Call get_capacities and get_records for the race's sport and distance: thresholds and recent best efforts, to suggest a realistic pace or power.
4. Call get_wellness_data for the last two weeks for sleep, HRV, soreness and injury flags.
5. If form going into the race is not in its target, try changes with get_training_load's sessions argument (what-if: nothing is saved) until it is, then propose them; change the calendar only if the user agrees.

Answer in under 250 words: projected form going into the race, its zone and the target used, the evidence for a target pace or power, the risks, and the changes you propose for the days before the race.`, race, format.RaceTargets()), nil
}
