package tools

import (
	"slices"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The reference server's tools are all in the catalog, under their names, with get_athlete_context first.
func TestCatalogHasTheReferenceToolsGroupedByToolset(t *testing.T) {
	reference := []string{"get_activities", "get_activity_details", "get_activity_intervals", "get_activity_streams",
		"get_activity_messages", "add_activity_message", "get_athlete_power_curves", "get_wellness_data", "get_events",
		"get_event_by_id", "add_or_update_event", "delete_event", "delete_events_by_date_range", "get_custom_items",
		"get_custom_item_by_id", "create_custom_item", "update_custom_item", "delete_custom_item", "get_gear_list"}
	all := All()
	var names []string
	last := -1
	for _, tl := range all {
		names = append(names, tl.Name)
		r := slices.Index(manifest.AllToolsets, tl.Toolset)
		if r < last {
			t.Errorf("%s (%s) is listed after a later toolset", tl.Name, tl.Toolset)
		}
		last = r
	}
	if names[0] != "get_athlete_context" {
		t.Errorf("first tool is %s, want get_athlete_context", names[0])
	}
	for _, n := range reference {
		if !slices.Contains(names, n) {
			t.Errorf("reference tool %s is missing", n)
		}
	}
}
