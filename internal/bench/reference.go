package bench

import (
	"fmt"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ReferenceTools are the tools of the reference server (mvilanova/intervals-mcp-server) plus
// get_athlete_context: the catalog its users know, whose whole tools/list must stay under 3,000
// o200k tokens.
var ReferenceTools = []string{
	"get_athlete_context",
	"get_activities", "get_activity_details", "get_activity_intervals", "get_activity_streams",
	"get_activity_messages", "add_activity_message", "get_athlete_power_curves", "get_wellness_data",
	"get_events", "get_event_by_id", "add_or_update_event", "add_or_update_note", "delete_event", "delete_events_by_date_range",
	"get_custom_items", "get_custom_item_by_id", "create_custom_item", "update_custom_item",
	"delete_custom_item", "get_gear_list",
}

// ReferenceCatalogSize measures tools/list restricted to ReferenceTools. It fails when one of
// them is missing from the catalog.
func ReferenceCatalogSize(tools []manifest.Tool) (Size, error) {
	listed, err := ListTools(tools, manifest.Filter{Toolsets: manifest.DefaultToolsets})
	if err != nil {
		return Size{}, err
	}
	var keep = listed[:0:0]
	for _, name := range ReferenceTools {
		i := slices.IndexFunc(listed, func(t *mcp.Tool) bool { return t.Name == name })
		if i < 0 {
			return Size{}, fmt.Errorf("the reference server's tool %s is not in the default catalog", name)
		}
		keep = append(keep, listed[i])
	}
	return Measure("reference", keep)
}
