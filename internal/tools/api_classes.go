package tools

import (
	"strings"
	"sync"
)

// What each operation of the spec reaches, for api_call_operation's guard: training data
// (activities, the calendar, wellness and what is computed from them) or the athlete's
// account around it. Reads reach everything; writes and deletes reach training data only.
// TestEveryAPIOperationIsClassed fails on an operation of the spec missing here, so that a
// regenerated spec cannot bring in an operation nobody judged.

// Domains of the API.
const (
	apiTraining     = "training data"
	apiAccount      = "account"
	apiDevice       = "device"
	apiSettings     = "settings"
	apiGear         = "gear"
	apiLibrary      = "library"
	apiSubscription = "subscription"
)

// apiClass is what an operation reaches, and whether it changes or deletes it (a POST that
// only renders a file is a read).
type apiClass struct {
	domain string
	write  bool
}

// apiDomainNames say what each domain other than training data holds, in a refusal.
var apiDomainNames = map[string]string{
	apiAccount:      "the athlete's account (profile, sign-in, connected apps, chats)",
	apiDevice:       "the athlete's device settings",
	apiSettings:     "the athlete's settings (sport settings, custom items, weather)",
	apiGear:         "the athlete's gear",
	apiLibrary:      "the workout library (workouts, folders, routes)",
	apiSubscription: "the athlete's training-plan subscription",
}

// apiAccountTools name the tool that does an account-level write under its own checks, where
// one exists; by operation, else by domain.
var apiAccountTools = map[string]string{
	"updateSettings":          "update_training_zone changes a sport's zones and thresholds",
	"updateSettingsMulti":     "update_training_zone changes a sport's zones and thresholds",
	"createCustomItem":        "create_custom_item creates one",
	"updateCustomItem":        "update_custom_item changes one",
	"updateCustomItemIndexes": "update_custom_item changes one",
	"deleteCustomItem":        "delete_custom_item deletes one",
	"updateAthlete":           "log_metrics records weight and the other daily metrics",
	apiGear:                   "update_activity sets the gear of an activity",
	apiLibrary:                "list_workout_templates reads it; plan_sessions and add_or_update_event put sessions on the calendar",
	apiAccount:                "add_activity_message comments on an activity",
}

// apiClassLists are the operation ids of each class; apiClasses, by id.
var apiClassLists = map[apiClass]string{
	{apiTraining, false}: `downloadActivitiesAsCSV downloadActivityFile downloadActivityFitFile downloadActivityFitFiles
		downloadActivityGpxFile downloadWorkout_1 downloadWorkouts findBestEfforts getActivities getActivity getActivityHRCurve
		getActivityMap getActivityPaceCurve getActivityPowerCurve getActivityPowerSpikeModel getActivitySegments
		getActivityStreams getActivityWeatherSummary getAthleteMMPModel getAthleteSummary getForecast getGapHistogram
		getHRHistogram getHRTrainingLoadModel getIntervalStats getIntervals getPaceHistogram getPowerHRCurve
		getPowerHistogram getPowerVsHR getRecord getSharedEvent getTimeAtHR listActivities listActivitiesAround
		listActivityHRCurves listActivityMessages listActivityPaceCurves listActivityPowerCurves listActivityPowerCurves_1
		listAthleteHRCurves listAthletePaceCurves listAthletePowerCurves listEvents listFitnessModelEvents listTags_1
		listTags_2 listWellnessRecords searchForActivities searchForActivitiesFull searchForIntervals showEvent`,
	{apiTraining, true}: `applyPlan createEvent createManualActivity createMultipleEvents createMultipleManualActivities
		deleteActivity deleteEvent deleteEvents deleteEventsBulk deleteIntervals deleteTombstone duplicateEvents
		markEventAsDone sendActivityMessage splitInterval updateActivity updateActivityStreams updateEvent updateEvents
		updateInterval updateIntervals updateWellness updateWellnessBulk updateWellness_1 uploadActivity
		uploadActivityStreamsCSV uploadWellness`,
	{apiAccount, false}: `getAthlete getAthleteConnections getAthleteProfile listAthletes listChats listGroups listMessages showChat`,
	{apiAccount, true}:  `deleteMessage disconnectApp sendMessage updateAthlete updateLastSeenMessageId updateMessage`,
	{apiDevice, false}:  `getSettings`,
	{apiSettings, false}: `getCustomItem getSettings_1 getWeatherConfig listCustomItems listMatchingActivities
		listPaceDistances listPaceDistancesForSport listSettings`,
	{apiSettings, true}: `applyToActivities createCustomItem createSettings deleteCustomItem deleteSettings updateCustomItem
		updateCustomItemImage updateCustomItemIndexes updateSettings updateSettingsMulti updateWeatherConfig`,
	{apiGear, false}: `calcDistanceEtc listGear`,
	{apiGear, true}:  `createGear createReminder deleteGear deleteReminder replaceGear updateGear updateReminder`,
	{apiLibrary, false}: `checkMerge downloadWorkout downloadWorkoutForAthlete getAthleteRoute listAthleteRoutes
		listFolderSharedWith listFolders listTags listWorkouts showWorkout`,
	{apiLibrary, true}: `createFolder createMultipleWorkouts createWorkout deleteFolder deleteWorkout duplicateWorkouts
		importWorkoutFile updateAthleteRoute updateFolder updateFolderSharedWith updatePlanWorkouts updateWorkout`,
	{apiSubscription, false}: `getAthleteTrainingPlan`,
	{apiSubscription, true}:  `applyCurrentPlanChanges updateAthletePlan updateAthletePlans`,
}

// apiClasses classes every operation of the spec (built on first use, not at every start).
var apiClasses = sync.OnceValue(func() map[string]apiClass { return classes(apiClassLists) })

// classes turns lists of operation ids by class into a class by operation id.
func classes(lists map[apiClass]string) map[string]apiClass {
	out := map[string]apiClass{}
	for c, ids := range lists {
		for _, id := range strings.Fields(ids) {
			out[id] = c
		}
	}
	return out
}
