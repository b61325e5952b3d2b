package fakeicu

import (
	"regexp"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// specRoute is an operation of the API with its path filled with plausible values.
type specRoute struct{ op, method, path string }

var (
	pathParam    = regexp.MustCompile(`\{[^}]+\}`)
	activityPath = regexp.MustCompile(`^/api/v1/activity/0`)
)

// routesOfSpec fills every operation's path template: ids of the test world, "" for
// glued extensions.
func routesOfSpec() []specRoute {
	values := map[string]string{
		"{id}": "0", "{athleteId}": "0", "{eventId}": "13", "{itemId}": "31", "{workoutId}": "42",
		"{folderId}": "41", "{gearId}": "g1", "{date}": "2026-03-11", "{ext}": "", "{format}": "",
		"{intervalId}": "1", "{reminderId}": "1", "{route_id}": "1", "{other_id}": "2", "{msgId}": "1",
		"{ids}": "i9001", "{deviceClass}": "phone",
	}
	var out []specRoute
	for _, op := range intervals.Operations {
		path := pathParam.ReplaceAllStringFunc(op.Path, func(p string) string {
			if v, ok := values[p]; ok {
				return v
			}
			return "1"
		})
		path = activityPath.ReplaceAllString(path, "/api/v1/activity/i9001")
		out = append(out, specRoute{op: op.OperationID, method: op.Method, path: path})
	}
	return out
}
