package server

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// toolAlias is another server's name of one of our tools: a call under it runs ours, with
// its arguments put under our names first, and the answer opens with the name we list.
// Aliases are never listed (tools/list stays as it is: they cost no token).
type toolAlias struct {
	Tool  string           // our tool
	Whose string           // whose name it is, as the answer says it: "OpenAthlete's"
	Args  []manifest.Alias // their argument names where they differ from ours
}

// openAthleteAthlete is OpenAthlete's athlete argument (a number): the reference server's
// athlete_id, which the call path already reads (the coach's athlete, or the athlete served).
var openAthleteAthlete = manifest.Alias{Name: "athleteId", For: athleteIDArg}

// toolAliases are the names of other servers' tools that ours do the job of, so that prompts
// and habits written for them keep working: OpenAthlete's (openathlete.org's MCP server,
// whose other 18 tool names are ours already).
var toolAliases = map[string]toolAlias{
	"get_calendar": {Tool: "get_events", Whose: "OpenAthlete's", Args: []manifest.Alias{
		openAthleteAthlete, {Name: "from", For: "oldest"}, {Name: "to", For: "newest"},
		{Name: "types", Convert: calendarKinds},
	}},
	"get_session": {Tool: "get_event_by_id", Whose: "OpenAthlete's", Args: []manifest.Alias{
		{Name: "eventId", For: "event_id"},
	}},
	"get_activity": {Tool: "get_activity_details", Whose: "OpenAthlete's", Args: []manifest.Alias{
		{Name: "eventId", Convert: func(v json.RawMessage) (map[string]json.RawMessage, error) {
			var n json.Number
			if json.Unmarshal(v, &n) == nil {
				v, _ = json.Marshal("i" + n.String())
			}
			return map[string]json.RawMessage{"activity_id": v}, nil
		}},
	}},
	// get_wellness_data answers every metric of each day: OpenAthlete's types choose among
	// them, and take nothing out.
	"get_metrics": {Tool: "get_wellness_data", Whose: "OpenAthlete's", Args: []manifest.Alias{
		openAthleteAthlete, {Name: "from", For: "oldest"}, {Name: "to", For: "newest"}, {Name: "types"},
	}},
	"delete_sessions": {Tool: "delete_event", Whose: "OpenAthlete's", Args: []manifest.Alias{
		{Name: "eventIds", For: "event_ids"},
		{Name: "scope", Convert: func(v json.RawMessage) (map[string]json.RawMessage, error) {
			var s string
			if json.Unmarshal(v, &s) != nil || (s != "this" && s != "following") {
				return nil, fmt.Errorf(`expected "this" or "following"`)
			}
			if s == "following" {
				return nil, fmt.Errorf(`"following" cannot be honoured: Intervals.icu keeps no series of repeated sessions; give the ids of every session to delete (get_events lists them)`)
			}
			return nil, nil
		}},
	}},
}

// calendarKinds turns OpenAthlete's kinds of calendar items into get_events's categories.
// Done activities come with the sessions they did; asked alone, they are get_activities's.
func calendarKinds(v json.RawMessage) (map[string]json.RawMessage, error) {
	var kinds []string
	if err := json.Unmarshal(v, &kinds); err != nil {
		return nil, fmt.Errorf("expected a list of training, race, note, activity")
	}
	var cats []string
	for _, k := range kinds {
		switch k {
		case "training":
			cats = append(cats, "WORKOUT")
		case "race":
			cats = append(cats, "RACE_A", "RACE_B", "RACE_C")
		case "note":
			cats = append(cats, "NOTE")
		case "activity":
		default:
			return nil, fmt.Errorf("%q is not a kind: give training, race, note or activity", k)
		}
	}
	if len(cats) == 0 {
		if slices.Contains(kinds, "activity") {
			return nil, fmt.Errorf("activities alone are get_activities's (oldest, newest); get_events lists planned sessions, races and notes, each done one with its activity")
		}
		return nil, nil
	}
	raw, err := json.Marshal(cats)
	return map[string]json.RawMessage{"category": raw}, err
}

// resolve returns the exposed tool a call names: by our name, or by an alias of a tool this
// configuration exposes (then also the alias).
func (c *Catalog) resolve(name string) (*Entry, *toolAlias) {
	if e, ok := c.byName[name]; ok {
		return e, nil
	}
	a, ok := toolAliases[name]
	if !ok {
		return nil, nil
	}
	e, ok := c.byName[a.Tool]
	if !ok {
		return nil, nil
	}
	return e, &a
}

// lead is the line an answer to a call under alias opens with: the name we list.
func (a *toolAlias) lead(alias string) string {
	if a == nil {
		return ""
	}
	return fmt.Sprintf("(%s is %s name: this is %s.)\n", alias, a.Whose, a.Tool)
}
