package fakeicu

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestEveryOperationNeedsAKnownScopeArea(t *testing.T) {
	for _, op := range intervals.Operations {
		area, ok := opAreas()[op.OperationID]
		switch {
		case !ok:
			t.Errorf("%s (tag %q) has no scope area: map its tag in tagAreas", op.OperationID, op.Tag)
		case op.OperationID == "disconnectApp" && area != "":
			t.Errorf("disconnectApp needs %s, want no scope", area)
		case op.OperationID != "disconnectApp" && area == "":
			t.Errorf("%s needs no scope", op.OperationID)
		}
	}
	for op, want := range map[string]string{
		"listActivities": "ACTIVITY", "sendActivityMessage": "ACTIVITY", "listChats": "CHATS",
		"updateWellness": "WELLNESS", "createMultipleEvents": "CALENDAR", "createWorkout": "LIBRARY",
		"updateSettings": "SETTINGS", "getAthlete": "SETTINGS",
	} {
		if got := opAreas()[op]; got != want {
			t.Errorf("%s needs %q, want %q", op, got, want)
		}
	}
}

func TestParseScopesWritesTheGrantInAreaOrder(t *testing.T) {
	s, err := parseScopes(" SETTINGS:READ,ACTIVITY:WRITE ,WELLNESS:READ")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != "ACTIVITY:WRITE,WELLNESS:READ,SETTINGS:READ" {
		t.Errorf("String() = %q", got)
	}
	for _, tc := range []struct {
		area  string
		write bool
		want  bool
	}{
		{"ACTIVITY", true, true}, {"ACTIVITY", false, true}, {"WELLNESS", false, true},
		{"WELLNESS", true, false}, {"CALENDAR", false, false},
	} {
		if got := s.allows(tc.area, tc.write); got != tc.want {
			t.Errorf("allows(%s, write=%v) = %v, want %v", tc.area, tc.write, got, tc.want)
		}
	}
}

func TestParseScopesRefusesAMalformedList(t *testing.T) {
	for list, want := range map[string]string{
		"":                             "scope is missing",
		"ACTIVITY":                     "not AREA:READ or AREA:WRITE",
		"ACTIVITY:read":                "not AREA:READ or AREA:WRITE",
		"GEAR:READ":                    "unknown area",
		"CHATS:READ,CHATS:READ":        "lists CHATS twice",
		"ACTIVITY:READ,,WELLNESS:READ": "not AREA:READ or AREA:WRITE",
	} {
		if _, err := parseScopes(list); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseScopes(%q) = %v, want an error saying %q", list, err, want)
		}
	}
}
