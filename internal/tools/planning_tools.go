package tools

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The planning tools (toolset calendar): plan_sessions writes a plan all or nothing;
// move_sessions, copy_sessions, repeat_session and update_session rearrange it; periods
// mark training blocks and days without training. None of them ever changes a session
// paired with a recorded activity, or an activity.

func planningTools() []manifest.Tool {
	return []manifest.Tool{
		manifest.New(manifest.Def{
			Name:        "plan_sessions",
			Title:       "Plan sessions",
			Description: "Adds up to 60 workouts, races and notes, all checked first, all saved or none. Same plan again: updated, not duplicated.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Idempotent:  true,
			Operations:  []string{"getAthlete", "listEvents", "createMultipleEvents", "updateEvent", "deleteEventsBulk"},
		}, planSessions),
		manifest.New(manifest.Def{
			Name:        "move_sessions",
			Title:       "Move sessions",
			Description: "Moves planned sessions (ids, or a date range) by days or to a date. Done sessions are never moved.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent"},
		}, moveSessions),
		manifest.New(manifest.Def{
			Name:        "copy_sessions",
			Title:       "Copy sessions",
			Description: "Copies sessions (ids, or a date range) to a new start date, keeping their spacing.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk"},
		}, copySessions),
		manifest.New(manifest.Def{
			Name:        "repeat_session",
			Title:       "Repeat a session",
			Description: "Repeats one session every N weeks, M times (a series update_session can change).",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Idempotent:  true,
			Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk"},
		}, repeatSession),
		manifest.New(manifest.Def{
			Name:        "update_session",
			Title:       "Update a session",
			Description: "Changes a planned session (name, date, workout, duration, load); scope following: also the later ones of its series. Not done sessions.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent"},
		}, updateSession),
		manifest.New(manifest.Def{
			Name:        "create_period",
			Title:       "Create a period",
			Description: "Marks a training block (e.g. Base 2, 3 weeks) or days without training (holiday, sick, injured); lists the sessions in them.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Operations:  []string{"getAthlete", "createEvent", "listEvents"},
		}, createPeriod),
		manifest.New(manifest.Def{
			Name:        "update_period",
			Title:       "Update a period",
			Description: "Changes a block's or a holiday/sick/injured period's name, days or description.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Write,
			Idempotent:  true,
			Operations:  []string{"getAthlete", "showEvent", "updateEvent"},
		}, updatePeriod),
		manifest.New(manifest.Def{
			Name:        "delete_period",
			Title:       "Delete a period",
			Description: "Deletes a block or a holiday/sick/injured period; its sessions stay.",
			Toolset:     manifest.Calendar,
			Access:      manifest.Destructive,
			Idempotent:  true,
			Operations:  []string{"getAthlete", "showEvent", "deleteEvent"},
		}, deletePeriod),
	}
}

// eventCategoryDoc explains every event category, for the intervals://event-categories
// resource.
const eventCategoryDoc = "# Intervals.icu event categories\n\n" +
	"| category | meaning |\n|---|---|\n" +
	"| WORKOUT | a planned session; its description holds the workout text; paired with the activity that did it once done |\n" +
	"| RACE_A | a main goal race (peak for it) |\n" +
	"| RACE_B | an important race (short taper) |\n" +
	"| RACE_C | a training race (no taper) |\n" +
	"| NOTE | free text on a day; spanning several days it is a bar: how training blocks are shown (create_period kind BLOCK) |\n" +
	"| PLAN | the start of a training plan applied from the library |\n" +
	"| HOLIDAY | days without training: travel, holiday |\n" +
	"| SICK | days ill: no training |\n" +
	"| INJURED | days injured: no training |\n" +
	"| SET_EFTP | sets the estimated FTP from that date |\n" +
	"| FITNESS_DAYS | changes the fitness and fatigue time constants (default 42 and 7 days) |\n" +
	"| SEASON_START | the start of a season (charts and totals restart) |\n" +
	"| TARGET | a weekly or daily target of load, time or distance |\n" +
	"| SET_FITNESS | sets fitness and fatigue on that date |\n\n" +
	"Planned sessions show as done (paired with an activity), missed (past, not done) or to do. " +
	"Done sessions and activities are never moved, changed or deleted by these tools.\n"

func planningResources() []manifest.Resource {
	return []manifest.Resource{
		{
			URI:         "intervals://workout-syntax",
			Name:        "workout-syntax",
			Title:       "Workout text syntax",
			Description: "How Intervals.icu reads workout text, its traps, and the plain units plan_sessions takes.",
			Text:        workout.Syntax,
		},
		{
			URI:         "intervals://event-categories",
			Name:        "event-categories",
			Title:       "Event categories",
			Description: "Every Intervals.icu calendar category in one line.",
			Text:        func() string { return eventCategoryDoc },
		},
	}
}

func planningPrompts() []manifest.Prompt {
	athlete := manifest.PromptArg{Name: "athlete", Description: "for coaches: the athlete's id from list_athletes (default: you)"}
	return []manifest.Prompt{
		{
			Name:        "plan_block",
			Title:       "Plan a training block",
			Description: "Builds a block of training toward a goal and writes it to the calendar in one step.",
			Args: []manifest.PromptArg{
				{Name: "goal", Description: "e.g. marathon on 2027-03-14 in 3:15", Required: true},
				{Name: "weeks", Description: "length of the block in weeks", Required: true},
				{Name: "sessions_per_week", Description: "e.g. 5", Required: true},
				{Name: "long_day", Description: "day of the long session, e.g. Sunday"},
				athlete,
			},
			Render: renderPlanBlock,
		},
		{
			Name:        "adapt_to_illness",
			Title:       "Adapt to illness",
			Description: "Marks the days ill and reworks the coming two weeks of sessions.",
			Args: []manifest.PromptArg{
				{Name: "since", Description: "since when, e.g. yesterday or 2026-11-28", Required: true},
				{Name: "feeling", Description: "how it feels now: symptoms, fever, energy"},
				athlete,
			},
			Render: renderAdaptToIllness,
		},
	}
}

func renderPlanBlock(args map[string]string) (string, error) {
	who, err := promptAthlete(args)
	if err != nil {
		return "", err
	}
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
	return who + fmt.Sprintf(`Plan a %d-week training block for this goal: %s.
%d sessions a week (%d in all), long session on %s.

1. Call get_athlete_context for today's date, time zone, zones, thresholds, fitness and coming races and periods; get_training_volume and get_training_load for recent weeks.
2. Design the block: progressive load, an easier week every third or fourth week, a taper before the goal, intensity in targets the athlete has thresholds for (%% FTP, %% LTHR, pace). Keep the long session on %s.
3. Write it with plan_sessions, plan name "%s", structured steps for every workout, dates as YYYY-MM-DD in the athlete's time zone. At most 60 sessions per call: for more, make several calls with the same plan name, in date order.
4. Mark the block with create_period (kind BLOCK), one per phase if there are phases.
5. Answer with the weekly summary plan_sessions gave: sessions, time, load per week, and the idea of the block.`,
		weeks, goal, per, total, long, long, goal), nil
}

func renderAdaptToIllness(args map[string]string) (string, error) {
	who, err := promptAthlete(args)
	if err != nil {
		return "", err
	}
	since := strings.TrimSpace(args["since"])
	if since == "" {
		return "", fmt.Errorf("since is required: say since when, e.g. yesterday or 2026-11-28")
	}
	feeling := strings.TrimSpace(args["feeling"])
	if feeling == "" {
		feeling = "not said"
	}
	return who + fmt.Sprintf(`The athlete has been ill since %s. How it feels now: %s.

1. Call get_athlete_context (today in the athlete's time zone, form, coming races), then get_events for the next two weeks.
2. Record the illness with create_period kind SICK from %s to the last day a rest is needed (with fever or symptoms below the neck: no training until they are gone).
3. Rework the next two weeks: move_sessions for the key sessions that still fit, update_session to shorten or ease the first sessions back (easy, no intensity for a few days), delete_event for what no longer fits. Done sessions cannot be changed; leave them.
4. Answer with what changed, day by day, and when normal training resumes. If a race is near, say whether it is still realistic.`,
		since, feeling, since), nil
}
