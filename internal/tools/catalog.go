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
		planApproveTool(),
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
