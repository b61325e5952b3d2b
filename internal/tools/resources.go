package tools

import (
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

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

// Resources returns the reference documents the server offers as MCP resources: the workout
// text syntax and the event categories.
func Resources() []manifest.Resource {
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
