package fakeicu

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// scopeAreas are Intervals.icu's OAuth scope areas, in the order a grant is written.
var scopeAreas = []string{"ACTIVITY", "WELLNESS", "CALENDAR", "CHATS", "LIBRARY", "SETTINGS"}

// scopes is an OAuth grant: each granted area, and whether it is granted :WRITE (which
// implies :READ). An area not in the map is not granted.
type scopes map[string]bool

// parseScopes reads a scope list as Intervals.icu takes it: "ACTIVITY:READ,WELLNESS:WRITE",
// comma separated, each area at most once, each level READ or WRITE.
func parseScopes(list string) (scopes, error) {
	if strings.TrimSpace(list) == "" {
		return nil, fmt.Errorf("scope is missing: ask for a comma-separated list such as ACTIVITY:READ,WELLNESS:WRITE")
	}
	s := scopes{}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		area, level, ok := strings.Cut(item, ":")
		if !ok || (level != "READ" && level != "WRITE") {
			return nil, fmt.Errorf("scope %q is not AREA:READ or AREA:WRITE", item)
		}
		if !slices.Contains(scopeAreas, area) {
			return nil, fmt.Errorf("scope %q names an unknown area: the areas are %s", item, strings.Join(scopeAreas, ", "))
		}
		if _, twice := s[area]; twice {
			return nil, fmt.Errorf("scope lists %s twice: ask for each area once (WRITE implies READ)", area)
		}
		s[area] = level == "WRITE"
	}
	return s, nil
}

// String writes the grant as Intervals.icu answers it, areas in scopeAreas order.
func (s scopes) String() string {
	var parts []string
	for _, area := range scopeAreas {
		if write, ok := s[area]; ok {
			parts = append(parts, area+":"+map[bool]string{false: "READ", true: "WRITE"}[write])
		}
	}
	return strings.Join(parts, ",")
}

// allows reports whether the grant covers reading (write false) or writing an area.
func (s scopes) allows(area string, write bool) bool {
	granted, ok := s[area]
	return ok && (granted || !write)
}

// tagAreas maps the spec's tags to the scope area their operations need. Comments on an
// activity (tagged Chats, under /activity/{id}) are the activity's: see opAreas.
var tagAreas = map[string]string{
	"Activities":    "ACTIVITY",
	"Routes":        "ACTIVITY",
	"Wellness":      "WELLNESS",
	"Events":        "CALENDAR",
	"Shared Events": "CALENDAR",
	"Chats":         "CHATS",
	"Library":       "LIBRARY",
	"Athletes":      "SETTINGS",
	"Sports":        "SETTINGS",
	"Gear":          "SETTINGS",
	"Custom Items":  "SETTINGS",
	"Weather":       "SETTINGS",
	// disconnectApp needs a token of the app, whatever its scopes.
	"o-auth-server-controller": "",
}

// opAreas maps each operationId to the scope area an OAuth token needs for it ("" for
// none). An operation whose tag tagAreas does not know is absent: OAuth tokens get 403 on
// it until it is mapped (a test checks that none is absent).
var opAreas = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(intervals.Operations))
	for _, op := range intervals.Operations {
		area, ok := tagAreas[op.Tag]
		if strings.HasPrefix(op.Path, "/api/v1/activity/") {
			area, ok = "ACTIVITY", true
		}
		if ok {
			m[op.OperationID] = area
		}
	}
	return m
})

// scopeAllows reports whether a grant lets a request through: a GET needs the route's area
// :READ or :WRITE, any other method :WRITE. A path the spec does not have (op "") needs
// nothing: it is answered 404.
func scopeAllows(s scopes, method, op string) bool {
	if op == "" {
		return true
	}
	area, ok := opAreas()[op]
	if !ok {
		return false
	}
	return area == "" || s.allows(area, method != http.MethodGet)
}
