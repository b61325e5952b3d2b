package tools

import (
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// All returns the catalog in the order of the README's table: toolset by toolset (the order
// of manifest.AllToolsets) and, within a toolset, the reference server's tools first.
// api_call_operation is there twice: the tool, and its read-only variant (a read tool
// marked ReadOnlyVariant), which manifest.Filter lists in its place when read-only.
func All() []manifest.Tool {
	return withSchemas([]manifest.Tool{
		// context
		getAthleteContextTool(),
		// activities
		getActivitiesTool(),
		getActivityDetailsTool(),
		getActivityIntervalsTool(),
		getActivityStreamsTool(),
		getActivityMessagesTool(),
		addActivityMessageTool(),
		updateActivityTool(),
		// performance
		getAthletePowerCurvesTool(),
		getRecordsTool(),
		getCapacitiesTool(),
		// wellness
		getWellnessDataTool(),
		logMetricsTool(),
		// calendar
		getEventsTool(),
		getEventByIDTool(),
		addOrUpdateEventTool(),
		addOrUpdateNoteTool(),
		deleteEventTool(),
		deleteEventsByDateRangeTool(),
		planSessionsTool(),
		moveSessionsTool(),
		copySessionsTool(),
		repeatSessionTool(),
		updateSessionTool(),
		createPeriodTool(),
		updatePeriodTool(),
		deletePeriodTool(),
		// load
		getTrainingLoadTool(),
		getTrainingVolumeTool(),
		// library
		listWorkoutTemplatesTool(),
		// settings
		getGearListTool(),
		updateTrainingZoneTool(),
		// custom_items
		getCustomItemsTool(),
		getCustomItemByIDTool(),
		createCustomItemTool(),
		updateCustomItemTool(),
		deleteCustomItemTool(),
		// charts
		chartFitnessTool(),
		chartCurvesTool(),
		chartVolumeTool(),
		// coach
		listAthletesTool(),
		// api
		apiListOperationsTool(),
		apiDescribeOperationTool(),
		apiCallOperationTool(),
		apiCallGetOperationTool(), // listed in place of api_call_operation when read-only
	})
}

// The tools' definitions, in All's order, kept together (doc.go says why); each tool's
// handler and input struct are in its toolset's file.

func getAthleteContextTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_athlete_context",
		Title:       "Athlete context",
		Description: "Call first. Today's date in the athlete's time zone, profile, thresholds and zones per sport, fitness/fatigue/form today, the last 4 weeks, coming races and periods.",
		Toolset:     manifest.Context,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents"},
	}, getAthleteContext)
}

func getActivitiesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activities", Title: "List activities",
		Description: "Activities in a local date range (default the last 7 days), newest first: time, distance, pace or power, HR, load.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "listActivities"},
		Aliases: aliases(rangeAliases, dropped("include_unnamed")), // we list every activity, named or not
	}, getActivities)
}

func getActivityDetailsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_details", Title: "Activity details",
		Description: "One activity in full: time, distance, pace, HR, power, load, zones, effort, gear, notes.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivity", "listGear"},
	}, getActivityDetails)
}

func getActivityIntervalsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_intervals", Title: "Activity intervals",
		Description: "An activity's work and recovery intervals with time, distance, pace or power, HR.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getIntervals", "getActivity"},
	}, getActivityIntervals)
}

func getActivityStreamsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_streams", Title: "Activity streams",
		Description: "An activity's streams (power, HR, cadence, speed...) summarised: min/avg/max, gaps, time in zones, downsampled profile.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivityStreams", "getActivity"},
		Aliases: []manifest.Alias{{Name: "stream_types", For: "types", Convert: commaList("types")}},
	}, getActivityStreams)
}

func getActivityMessagesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_messages", Title: "Activity comments",
		Description: "The comments (chat) on an activity.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivity", "listActivityMessages"},
	}, getActivityMessages)
}

func addActivityMessageTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_activity_message", Title: "Comment on an activity",
		Description: "Add a comment to an activity.",
		Toolset:     manifest.Activities, Access: manifest.Write, Operations: []string{"getAthlete", "getActivity", "sendActivityMessage"},
	}, addActivityMessage)
}

func updateActivityTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_activity",
		Title:       "Update an activity's notes",
		Description: "Changes a recorded activity's name, description, RPE (1-10), feel (1-5, 1 strong..5 weak) or gear. Recorded data is never changed.",
		Toolset:     manifest.Activities,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "getActivity", "listGear", "updateActivity"},
	}, updateActivity)
}

func getAthletePowerCurvesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_athlete_power_curves", Title: "Best power, pace and HR",
		Description: "Best efforts over periods: power (W, W/kg) at 5s-90m, pace at 400m-marathon, or HR held at 5s-90m.",
		Toolset:     manifest.Performance, Access: manifest.Read,
		Operations: []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves", "listEvents"},
		Aliases: aliases(rangeAliases, []manifest.Alias{{Name: "activity_type", For: "sport"},
			refused("indoor_outdoor", "curves cover indoor and outdoor together here (Intervals.icu's curve filters cannot be sent through its API): leave it out")},
			// W/kg is always shown beside W, where the period's weight is known
			dropped("include_normalised")),
	}, getAthletePowerCurves)
}

func getRecordsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_records",
		Title:       "Best efforts",
		Description: "Best efforts for a period and all-time: power at 5s-60m, pace at 400m-half marathon (swim 100-1500m), max HR by duration, with dates.",
		Toolset:     manifest.Performance,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
	}, getRecords)
}

func getCapacitiesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_capacities",
		Title:       "Capacities and thresholds",
		Description: "Per sport: FTP and eFTP, W', threshold pace, LTHR, max HR; VO2max and VMA where known.",
		Toolset:     manifest.Performance,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listAthletePowerCurves", "listAthletePaceCurves"},
	}, getCapacities)
}

func getWellnessDataTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_wellness_data", Title: "Wellness",
		Description: "Daily wellness (default the last 7 days): fitness/fatigue/form, weight, resting HR, HRV, sleep, labelled 1-4 scores (soreness, mood...).",
		Toolset:     manifest.Wellness, Access: manifest.Read, Operations: []string{"getAthlete", "listWellnessRecords"},
		Aliases: aliases(rangeAliases, dropped("include_all_fields")), // the answer has every field the athlete has
	}, getWellnessData)
}

func logMetricsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "log_metrics",
		Title:       "Log daily metrics",
		Description: "Records a day's metrics, only those given: weight, resting HR, HRV, sleep, scores, notes, thresholds. Scales 1..4: " + scaleLegends() + ".",
		Toolset:     manifest.Wellness,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "updateWellness", "updateSettings"},
		Aliases:     []manifest.Alias{{Name: "entries", Convert: metricEntries}},
	}, logMetrics)
}

func getEventsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_events", Title: "Calendar",
		Description: "Calendar in a local date range (default the next 7 days): planned workouts (done/missed/to do), races, notes, periods.",
		Toolset:     manifest.Calendar, Access: manifest.Read, Operations: []string{"getAthlete", "listEvents", "listActivities"},
		Aliases: rangeAliases,
	}, getEvents)
}

func getEventByIDTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_event_by_id", Title: "Calendar event",
		Description: "One calendar event with its workout text.",
		Toolset:     manifest.Calendar, Access: manifest.Read, Operations: []string{"getAthlete", "showEvent"},
	}, getEventByID)
}

func addOrUpdateEventTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_or_update_event", Title: "Plan a session or note",
		Description: "Creates a calendar event, or updates one (event_id). Workout text is checked for syntax traps, or built from steps. Never changes a session paired with an activity.",
		Toolset:     manifest.Calendar, Access: manifest.Write, Operations: []string{"getAthlete", "createEvent", "updateEvent", "showEvent", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
		Aliases: []manifest.Alias{{Name: "workout_type", For: "type"}, {Name: "start_date", For: "date"},
			{Name: "moving_time", For: "duration", Convert: secondsText("duration")}, {Name: "workout_doc", For: "steps", Convert: workoutDocArgs},
			{Name: "distance", For: "distance", Convert: metresText("distance")}},
	}, addOrUpdateEvent)
}

func addOrUpdateNoteTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_or_update_note", Title: "Calendar note",
		Description: "Add a plain-text note to the calendar, or update one (event_id).",
		Toolset:     manifest.Calendar, Access: manifest.Write, Operations: []string{"getAthlete", "createEvent", "updateEvent", "showEvent"},
		Aliases: []manifest.Alias{{Name: "start_date", For: "date"}},
	}, addOrUpdateNote)
}

func deleteEventTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_event", Title: "Delete events",
		Description: "Delete one calendar event, or several at once (all or none). Sessions paired with a recorded activity are never deleted.",
		Toolset:     manifest.Calendar, Access: manifest.Destructive, Idempotent: true, Operations: []string{"getAthlete", "showEvent", "deleteEvent", "deleteEventsBulk"},
	}, deleteEvent)
}

func deleteEventsByDateRangeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_events_by_date_range", Title: "Delete events in a range",
		Description: "Delete calendar events between two local dates: the first call previews and returns a token, a second with confirm=token deletes exactly those. Paired sessions are kept.",
		Toolset:     manifest.Calendar, Access: manifest.Destructive, Operations: []string{"getAthlete", "listEvents", "deleteEventsBulk"},
		Aliases: rangeAliases,
	}, deleteEventsByDateRange)
}

func planSessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "plan_sessions",
		Title:       "Plan sessions",
		Description: "Writes up to 60 workouts, races, notes: all checked, all saved or none; the same plan again updates it.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents", "createMultipleEvents", "updateEvent", "deleteEventsBulk"},
	}, planSessions)
}

func moveSessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "move_sessions",
		Title:       "Move sessions",
		Description: "Moves planned sessions (ids, or a date range) by days or to a date. Done sessions are never moved.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, moveSessions)
}

func copySessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "copy_sessions",
		Title:       "Copy sessions",
		Description: "Copies sessions (ids, or a date range) to a new start date, keeping their spacing.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, copySessions)
}

func repeatSessionTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "repeat_session",
		Title:       "Repeat a session",
		Description: "Repeats one session every N weeks, M times (a series update_session can change).",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, repeatSession)
}

func updateSessionTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_session",
		Title:       "Update a session",
		Description: "Changes a planned session (name, date, workout, duration, load); scope following: also the later ones of its series. Not done sessions.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, updateSession)
}

func createPeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "create_period",
		Title:       "Create a period",
		Description: "Marks a training block (e.g. Base 2, 3 weeks) or days without training (holiday, sick, injured); lists the sessions in them.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "createEvent", "listEvents"},
	}, createPeriod)
}

func updatePeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_period",
		Title:       "Update a period",
		Description: "Changes a block's or a holiday/sick/injured period's name, days or description.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "updateEvent"},
	}, updatePeriod)
}

func deletePeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "delete_period",
		Title:       "Delete a period",
		Description: "Deletes a block or a holiday/sick/injured period; its sessions stay.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Destructive,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "deleteEvent"},
	}, deletePeriod)
}

func getTrainingLoadTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_load",
		Title:       "Training load and form",
		Description: "Weekly load done vs planned; fitness, fatigue, form and ramp rate today, projected day by day over planned sessions. What-if: pass sessions to project them without saving.",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents", "listFitnessModelEvents"},
	}, getTrainingLoad)
}

func getTrainingVolumeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_volume",
		Title:       "Weekly training volume",
		Description: "Weekly time, distance, load and count per sport: the last N full weeks (Monday-based), this one so far; planned sessions done vs planned (count, time, load %), unplanned ones.",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listActivities", "listEvents"},
		// A coach asks how every athlete's week went against the plan in one call (athlete
		// all, which also lists the athletes, and reads their words on last week's
		// activities: coach mode only).
		EveryAthlete: true,
	}, getTrainingVolume)
}

func listWorkoutTemplatesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "list_workout_templates",
		Title:       "Workout library",
		Description: "Lists the workout library: folders, plans and workouts (sport, duration, load, text). workout_id shows one workout's full text to schedule with add_or_update_event or plan_sessions.",
		Toolset:     manifest.Library,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listFolders"},
	}, listWorkoutTemplates)
}

func getGearListTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_gear_list", Title: "Gear",
		Description: "The athlete's gear (bikes, shoes, components) with distance, time, activities and reminders.",
		Toolset:     manifest.Settings, Access: manifest.Read, Operations: []string{"getAthlete", "listGear"},
		Aliases: dropped("refresh"), // every call reads the gear list afresh
	}, getGearList)
}

func updateTrainingZoneTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_training_zone",
		Title:       "Update a threshold",
		Description: "Sets FTP, indoor FTP, LTHR, threshold pace or max HR for a sport, e.g. after a test; the zones (% of threshold) follow and are shown.",
		Toolset:     manifest.Settings,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "updateSettings"},
	}, updateTrainingZone)
}

func getCustomItemsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_custom_items", Title: "Custom items",
		Description: "The athlete's custom items: charts, custom fields, zones.",
		Toolset:     manifest.CustomItems, Access: manifest.Read, Operations: []string{"listCustomItems"},
	}, getCustomItems)
}

func getCustomItemByIDTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_custom_item_by_id", Title: "Custom item",
		Description: "One custom item with its JSON content.",
		Toolset:     manifest.CustomItems, Access: manifest.Read, Operations: []string{"getCustomItem"},
	}, getCustomItemByID)
}

func createCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "create_custom_item", Title: "Create a custom item",
		Description: "Create a custom item: name, type and its JSON content.",
		Toolset:     manifest.CustomItems, Access: manifest.Write, Operations: []string{"createCustomItem"},
		Aliases: []manifest.Alias{{Name: "item_type", For: "type"}},
	}, createCustomItem)
}

func updateCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "update_custom_item", Title: "Update a custom item",
		Description: "Change a custom item's name, description, visibility or content.",
		Toolset:     manifest.CustomItems, Access: manifest.Write, Idempotent: true, Operations: []string{"getCustomItem", "updateCustomItem"},
		Aliases: []manifest.Alias{refused("item_type", "an item's type cannot be changed: create a new item of that type (create_custom_item) and delete this one")},
	}, updateCustomItem)
}

func deleteCustomItemTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_custom_item", Title: "Delete a custom item",
		Description: "Delete a custom item by id.",
		Toolset:     manifest.CustomItems, Access: manifest.Destructive, Idempotent: true, Operations: []string{"getCustomItem", "deleteCustomItem"},
	}, deleteCustomItem)
}

func chartFitnessTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_fitness",
		Title:       "Fitness chart",
		Description: "Chart: fitness, fatigue, form of past weeks, projected over planned sessions; form zones, races.",
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents", "listFitnessModelEvents"},
	}, chartFitness)
}

func chartCurvesTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_curves",
		Title:       "Curve chart",
		Description: "Chart: best power, pace or HR curve of a period vs another period or all-time.",
		Operations:  []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
	}, chartCurves)
}

func chartVolumeTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_volume",
		Title:       "Volume chart",
		Description: "Chart: weekly time, distance or load per sport, planned vs done.",
		Operations:  []string{"getAthlete", "listActivities", "listEvents"},
	}, chartVolume)
}

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

func apiListOperationsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_list_operations",
		Title:       "List API operations",
		Description: "Lists Intervals.icu API operations (operationId, method, path, summary), filtered by tag or word. For what no other tool does.",
		Toolset:     manifest.API,
		Access:      manifest.Read,
	}, apiListOperations)
}

func apiDescribeOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_describe_operation",
		Title:       "Describe an API operation",
		Description: "Shows an API operation's parameters and JSON body, or a schema's properties, as api_call_operation takes them.",
		Toolset:     manifest.API,
		Access:      manifest.Read,
	}, apiDescribeOperation)
}

func apiCallOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_call_operation",
		Title:       "Call an API operation",
		Description: "Calls one Intervals.icu API operation by operationId with validated params and JSON body; the athlete id is filled in. Writes reach training data only. Only GET when read-only. Describe it first.",
		Toolset:     manifest.API,
		Access:      manifest.Destructive,
	}, apiCallOperation)
}

// apiCallGetOperationTool is api_call_operation as a read-only server lists it, in place
// of the one that can write: a read tool that refuses every operation but GET.
func apiCallGetOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:            "api_call_operation",
		Title:           "Call an API operation",
		Description:     "Calls one Intervals.icu API GET operation by operationId with validated params; the athlete id is filled in. This server is read-only: other methods are refused. Describe it first.",
		Toolset:         manifest.API,
		Access:          manifest.Read,
		ReadOnlyVariant: true,
	}, apiCallGetOperation)
}
