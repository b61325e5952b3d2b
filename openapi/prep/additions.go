package main

import "strings"

// fieldAdditions (quirk 16, found in the recorded answers): fields that the real API sends and
// the spec does not declare. Unlike the rules above these name a schema and a field: they are
// facts about answers, each with the recorded answer that shows it (a file of
// ../shared/fixtures, embedded as internal/fixtures). A field the spec gains upstream is left
// as the spec says it (the addition then changes nothing), so none of these can hide a change.
var fieldAdditions = []struct {
	schema, field string
	def           obj
}{
	// events-list.json, event-workout.json, extra/events-list.yannvillellas.json: every
	// event carries paired_activity_id, null until a recorded activity is paired with it
	// (the fake sends the activity's id, a string). Left untyped: were an id ever sent as a
	// number, a string type would fail the decode of the whole calendar, and a session done
	// would then look free to move or delete.
	{"Event", "paired_activity_id", obj{"nullable": true,
		"description": "The recorded activity paired with this planned event: its id, null when none"}},
	// extra/activities-list.strava-stub.json: a Strava-sourced activity comes back as a
	// 5-field stub whose _note says why ("STRAVA activities are not available via the API").
	{"Activity", "_note", obj{"type": "string",
		"description": "Why the activity has no data (a Strava-sourced stub)"}},
	// power-curves.json, pace-curves.json, hr-curves.json: the activities map of a curve set
	// holds each activity with training_load (an integer, e.g. 125), beside icu_training_load.
	{"Activity", "training_load", obj{"type": "integer", "format": "int32",
		"description": "The activity's training load, as curve sets send it"}},
	// activity-streams.json: every stream names the Java type of its samples in valueType
	// ("java.lang.Integer", "java.lang.Float"; the spec has only valueTypeIsArray).
	{"ActivityStream", "valueType", obj{"type": "string",
		"description": "The type of the stream's samples (java.lang.Integer, java.lang.Float ...)"}},
}

// addFields adds each of fieldAdditions that the spec lacks.
func addFields(doc obj) int {
	comps, _ := doc["components"].(obj)
	schemas, _ := comps["schemas"].(obj)
	n := 0
	for _, a := range fieldAdditions {
		s, ok := schemas[a.schema].(obj)
		if !ok {
			continue
		}
		props, _ := s["properties"].(obj)
		if props == nil {
			props = obj{}
			s["properties"] = props
		}
		if _, there := props[a.field]; there {
			continue
		}
		props[a.field] = cloneObj(a.def)
		n++
	}
	return n
}

// activityPaceCurvesAnswer (quirk 17): GET /athlete/{id}/activity-pace-curves{ext} declares a
// 200 with no content, while its twins activity-power-curves and activity-hr-curves declare
// ActivityPowerCurvePayload {secs, curves[{id, start_date_local, weight, watts}]} and
// ActivityHRCurvePayload {secs, curves[{..., bpm}]}. The real answer is the same shape over
// distances: {distances, gap, curves[{id, start_date_local, secs}]}, secs being each
// activity's best time per distance (recorded by other Intervals.icu clients' live tests; no
// recorded body of it is in ../shared/fixtures, and the fake does not serve the operation).
// An operation whose path is a power twin's with "power" replaced by "pace", whose 200 has no
// content, gets that payload, so the patch stops as soon as the spec declares one.
func activityPaceCurvesAnswer(doc obj) int {
	paths, _ := doc["paths"].(obj)
	comps, _ := doc["components"].(obj)
	schemas, _ := comps["schemas"].(obj)
	n := 0
	for _, p := range sortedKeys(paths) {
		if !strings.Contains(p, "/activity-pace-curves") {
			continue
		}
		if _, twin := paths[strings.Replace(p, "/activity-pace-curves", "/activity-power-curves", 1)]; !twin {
			continue
		}
		get, _ := paths[p].(obj)["get"].(obj)
		responses, _ := get["responses"].(obj)
		ok, _ := responses["200"].(obj)
		if ok == nil || ok["content"] != nil {
			continue
		}
		ok["content"] = obj{"application/json": obj{"schema": obj{"$ref": "#/components/schemas/ActivityPaceCurvePayload"}}}
		if _, there := schemas["ActivityPaceCurvePayload"]; !there {
			schemas["ActivityPaceCurve"] = obj{"type": "object", "properties": obj{
				"id":               obj{"type": "string"},
				"start_date_local": obj{"type": "string"},
				"secs": obj{"type": "array", "description": "Best time per distance, in the order of the payload's distances (shorter when the activity was)",
					"items": obj{"type": "integer", "format": "int32"}},
			}}
			schemas["ActivityPaceCurvePayload"] = obj{"type": "object", "properties": obj{
				"distances": obj{"type": "array", "description": "The distances of every curve, in metres", "items": obj{"type": "number", "format": "float"}},
				"gap":       obj{"type": "boolean", "description": "Whether the times are of gradient adjusted pace"},
				"curves":    obj{"type": "array", "items": obj{"$ref": "#/components/schemas/ActivityPaceCurve"}},
			}}
		}
		n++
	}
	return n
}

// cloneObj copies a definition so that the table's maps never become the document's.
func cloneObj(o obj) obj {
	c := obj{}
	for k, v := range o {
		c[k] = v
	}
	return c
}
