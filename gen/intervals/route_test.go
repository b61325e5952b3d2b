package intervals

import (
	"regexp"
	"testing"
)

func TestOperationFor(t *testing.T) {
	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/api/v1/athlete/i1/events/42", "showEvent"},
		{"GET", "/api/v1/athlete/i1/events", "listEvents"},
		{"GET", "/api/v1/athlete/i1/events.csv", "listEvents"},
		{"POST", "/api/v1/athlete/i1/events", "createEvent"},
		{"POST", "/api/v1/athlete/i1/events/bulk", "createMultipleEvents"},
		{"PUT", "/api/v1/athlete/i1/events/bulk-delete", "deleteEventsBulk"},
		{"GET", "/api/v1/athlete/i1/events/42/download.zwo", "downloadWorkout_1"},
		{"GET", "/api/v1/activity/i9/streams", "getActivityStreams"},
		{"GET", "/api/v1/activity/i9/streams.json", "getActivityStreams"},
		{"PUT", "/api/v1/activity/i9/streams.csv", "uploadActivityStreamsCSV"},
		{"PUT", "/api/v1/activity/i9/streams", "updateActivityStreams"},
		{"GET", "/api/v1/athlete/0/power-curves", "listAthletePowerCurves"},
		{"GET", "/api/v1/athlete/0/power-curves.csv", "listAthletePowerCurves"},
		{"GET", "/api/v1/activity/i9/power-curve", "getActivityPowerCurve"},
		{"GET", "/api/v1/activity/i9/power-curves", "listActivityPowerCurves_1"},
		{"get", "/api/v1/athlete/0/wellness/2026-01-02/", "getRecord"},
		{"GET", "/api/v1/athlete/0/wellness", "listWellnessRecords"},
		{"GET", "/api/v1/activity/i9", "getActivity"},
	} {
		op, ok := OperationFor(tc.method, tc.path)
		if !ok || op.OperationID != tc.want {
			t.Errorf("OperationFor(%s %s) = %q, %v; want %q", tc.method, tc.path, op.OperationID, ok, tc.want)
		}
	}
}

func TestOperationForUnknown(t *testing.T) {
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/v1/athlete/i1/event"}, // singular: a real 404 from the forum
		{"GET", "/api/v1/athlete-profile"},
		{"PATCH", "/api/v1/activity/i9"},
		{"GET", "/"},
		{"GET", "/api/v1/activity//streams"},
	} {
		if op, ok := OperationFor(tc.method, tc.path); ok {
			t.Errorf("OperationFor(%s %s) = %q, want no operation", tc.method, tc.path, op.OperationID)
		}
	}
}

// TestEveryOperationFindsItself fills each template's parameters with sample values and
// checks that the path leads back to its own operation.
func TestEveryOperationFindsItself(t *testing.T) {
	param := regexp.MustCompile(`\{[^}]+\}`)
	gluedValue := regexp.MustCompile(`([a-z])x1`)
	for _, op := range Operations {
		for _, glued := range []string{"", ".json"} {
			path := param.ReplaceAllString(op.Path, "x1")
			// a parameter glued to text ("/streams{ext}") takes "" or an extension
			path = gluedValue.ReplaceAllString(path, "${1}"+glued)
			got, ok := OperationFor(op.Method, path)
			if !ok || got.OperationID != op.OperationID {
				t.Errorf("%s %s (from %s) → %q, want %q", op.Method, path, op.Path, got.OperationID, op.OperationID)
			}
		}
	}
}
