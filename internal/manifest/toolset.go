package manifest

// Toolset groups tools that are turned on and off together (--toolsets).
type Toolset string

// The toolsets, in the order tools are listed.
const (
	Context     Toolset = "context"
	Activities  Toolset = "activities"
	Performance Toolset = "performance"
	Wellness    Toolset = "wellness"
	Calendar    Toolset = "calendar"
	Load        Toolset = "load"
	Library     Toolset = "library"
	Settings    Toolset = "settings"
	CustomItems Toolset = "custom_items"
	Charts      Toolset = "charts" // fitness, curves and volume as MCP Apps views, PNG fallback
	Coach       Toolset = "coach"  // list_athletes, and an optional athlete argument on every tool
	API         Toolset = "api"    // the whole API through three tools
)

// AllToolsets lists every toolset.
var AllToolsets = []Toolset{Context, Activities, Performance, Wellness, Calendar, Load, Library, Settings, CustomItems, Charts, Coach, API}

// DefaultToolsets are on unless --toolsets says otherwise: all but coach and api, which cost
// tokens on every request and serve fewer people.
var DefaultToolsets = []Toolset{Context, Activities, Performance, Wellness, Calendar, Load, Library, Settings, CustomItems, Charts}
