package fakeicu

// implemented lists the operations the fake serves, by spec operationId. Every other
// operation of the API is routed (so paths and methods are recognised) but answered 501
// with a message saying the fake does not implement it.
var implemented = map[string]bool{
	// athletes
	"getAthlete": true, "getAthleteProfile": true, "listAthletes": true, "getAthleteSummary": true,
	// activities
	"listActivities": true, "getActivity": true, "getIntervals": true, "getActivityStreams": true,
	"updateActivity": true, "listActivityMessages": true, "sendActivityMessage": true,
	// direct chats
	"listChats": true, "showChat": true, "listMessages": true,
	// performance
	"listAthletePowerCurves": true, "listAthletePaceCurves": true, "listAthleteHRCurves": true,
	"getPowerHRCurve": true,
	// wellness
	"listWellnessRecords": true, "getRecord": true, "updateWellness": true, "updateWellness_1": true,
	"updateWellnessBulk": true,
	// calendar
	"listEvents": true, "showEvent": true, "createEvent": true, "updateEvent": true, "deleteEvent": true,
	"createMultipleEvents": true, "deleteEventsBulk": true, "deleteEvents": true, "duplicateEvents": true,
	"markEventAsDone": true, "updateEvents": true, "listFitnessModelEvents": true,
	// settings, gear, custom items, library
	"listSettings": true, "getSettings_1": true, "updateSettings": true, "listGear": true,
	"listCustomItems": true, "getCustomItem": true, "createCustomItem": true, "updateCustomItem": true,
	"deleteCustomItem": true, "listFolders": true, "listWorkouts": true, "showWorkout": true,
	"createWorkout": true,
	// OAuth
	"disconnectApp": true,
}
