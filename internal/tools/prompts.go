package tools

import (
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The coaching prompts: a weekly review (done against planned, how the athlete is doing,
// what to change) and race readiness (is form right for a race, and how to get there).
// They name the tools to call and in which order, so a client's "weekly review" button does
// the same thing each time.

func coachingPrompts() []manifest.Prompt {
	athlete := manifest.PromptArg{Name: "athlete", Description: "for coaches: the athlete's id from list_athletes (default: you)"}
	return []manifest.Prompt{
		{
			Name:        "weekly_review",
			Title:       "Weekly review",
			Description: "Reviews a week: done against planned, load and form, wellness, and what to change next week.",
			Args: []manifest.PromptArg{
				{Name: "week", Description: "any date of the week, YYYY-MM-DD (default: last week)"},
				athlete,
			},
			Render: ciRenderWeeklyReview,
		},
		{
			Name:        "race_readiness",
			Title:       "Race readiness",
			Description: "Checks whether form will be right for a race and how to adjust the days before it.",
			Args: []manifest.PromptArg{
				{Name: "race", Description: "the race and its date, e.g. 10 km on 2026-12-12 (default: the next race on the calendar)"},
				athlete,
			},
			Render: ciRenderRaceReadiness,
		},
	}
}

// promptAthlete says whose data a prompt is about and how to pass the athlete.
func promptAthlete(args map[string]string) (string, error) {
	a := strings.TrimSpace(args["athlete"])
	if a == "" {
		return "", nil
	}
	if strings.ContainsAny(a, " \t\n\"") {
		return "", fmt.Errorf("athlete %q: give the athlete's id from list_athletes, e.g. i12345", a)
	}
	return fmt.Sprintf("This is for athlete %s: pass athlete=%q to every tool call.\n", a, a), nil
}

func ciRenderWeeklyReview(args map[string]string) (string, error) {
	who, err := promptAthlete(args)
	if err != nil {
		return "", err
	}
	week := "last week (Monday to Sunday, in the athlete's time zone)"
	if w := strings.TrimSpace(args["week"]); w != "" {
		d, err := time.Parse(ymd, w)
		if err != nil {
			return "", fmt.Errorf("week %q: give any date of the week as YYYY-MM-DD", w)
		}
		mon := ciMonday(d.Format(ymd))
		week = fmt.Sprintf("the week %s to %s", ciDay(mon), ciDay(ciAddDays(mon, 6)))
	}
	return who + fmt.Sprintf(`Review %s.

1. Call get_athlete_context for today's date, zones and thresholds, and coming races.
2. Call get_events for the week: which planned sessions were done, missed or changed.
3. Call get_activities for the week, and get_activity_details for the key sessions (intervals, how they felt, RPE).
4. Call get_training_load with weeks=3 for load done against planned, fitness, fatigue, form and ramp rate, and the projection over the coming week.
5. Call get_wellness_data for the week: sleep, HRV, resting HR, soreness, fatigue, mood, injury.

Answer in under 250 words: done against planned (sessions, time, load), the quality sessions and how they went, what wellness says, form and its zone, then two or three concrete changes for next week. Say when data are missing rather than guessing.`, week), nil
}

func ciRenderRaceReadiness(args map[string]string) (string, error) {
	who, err := promptAthlete(args)
	if err != nil {
		return "", err
	}
	race := strings.TrimSpace(args["race"])
	if race == "" {
		race = "the next race on the calendar (RACE_A, RACE_B or RACE_C in get_events)"
	}
	return who + fmt.Sprintf(`Is the athlete ready for %s?

1. Call get_athlete_context for today's date, thresholds and coming races; get_events from today to the race day for what is planned.
2. Call get_training_load with days reaching the race day: fitness, fatigue and form projected over the planned sessions, and the form zone on race day. Fresh (+5%% to +20%% of fitness) is the usual target for an important race; transition (above +20%%) means fitness is being lost.
3. Call get_capacities and get_records for the race's sport and distance: thresholds and recent best efforts, to suggest a realistic pace or power.
4. Call get_wellness_data for the last two weeks for sleep, HRV, soreness and injury flags.
5. If form on race day is not right, try changes with get_training_load's sessions argument (what-if: nothing is saved) until it is, then propose them; change the calendar only if the user agrees.

Answer in under 250 words: projected form on race day and its zone, the evidence for a target pace or power, the risks, and the changes you propose for the days before the race.`, race), nil
}
