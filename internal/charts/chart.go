package charts

import "github.com/intervals-mcp/intervals-mcp/internal/load"

// Chart is one chart's data: exactly one of Fitness, Curves and Volume is set (Kind names it).
// Dates are the athlete's local dates (YYYY-MM-DD) in TimeZone.
type Chart struct {
	Kind     string   `json:"kind"` // fitness, curves or volume
	Title    string   `json:"title"`
	Athlete  string   `json:"athlete"`
	TimeZone string   `json:"timeZone"` // IANA name of the athlete's time zone
	Today    string   `json:"today"`
	Tool     string   `json:"tool"` // the tool that drew it: the view calls it again to switch
	Args     Args     `json:"args"` // the arguments it was drawn with
	Fitness  *Fitness `json:"fitness,omitempty"`
	Curves   *Curves  `json:"curves,omitempty"`
	Volume   *Volume  `json:"volume,omitempty"`
}

// Args are a chart tool's arguments as the view may change them.
type Args struct {
	Weeks  int    `json:"weeks,omitempty"`
	Days   int    `json:"days,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Sport  string `json:"sport,omitempty"`
	Period string `json:"period,omitempty"`
	Versus string `json:"versus,omitempty"`
	Metric string `json:"metric,omitempty"`
}

// Fitness is fitness (CTL), fatigue (ATL) and form (their difference) by day: Intervals.icu's
// values up to yesterday, projected over the planned sessions from today.
type Fitness struct {
	Days  []FitnessDay `json:"days"`
	Races []Race       `json:"races,omitempty"`
	Zones []FormZone   `json:"zones"`
	// AfterToday is the end of today once today's sessions not done yet are (nil when none
	// is); the day of today in Days is what is done so far.
	AfterToday *FitnessDay `json:"after_today,omitempty"`
}

// FitnessDay is one day of the fitness chart.
type FitnessDay struct {
	Date      string  `json:"date"`
	Fitness   float64 `json:"fitness"`
	Fatigue   float64 `json:"fatigue"`
	Form      float64 `json:"form"`
	Load      float64 `json:"load,omitempty"`      // the day's load (done, or planned when projected)
	Projected bool    `json:"projected,omitempty"` // computed from planned load
}

// Race is a race of the calendar, marked on its day, with the form going into it when known
// (internal/load's FormGoingInto: the end of the day before, before the race's own load,
// against its priority's target), as get_training_load and plan_sessions read it.
type Race struct {
	Date     string         `json:"date"`
	Name     string         `json:"name"`
	Category string         `json:"category"` // RACE_A, RACE_B, RACE_C
	FormIn   *load.RaceForm `json:"formGoingIn,omitempty"`
}

// FormZone is a band of form as a percentage of fitness (Intervals.icu's form chart): From
// and To bound it (±Inf are written as ±100).
type FormZone struct {
	Name  string  `json:"name"`
	From  float64 `json:"from"` // % of fitness
	To    float64 `json:"to"`
	Color string  `json:"color"`
}

// FormZones are the bands of internal/load's FormZone, as the charts shade them.
var FormZones = []FormZone{
	{Name: "transition", From: 20, To: 100, Color: "#f2c94c"},
	{Name: "fresh", From: 5, To: 20, Color: "#56ccf2"},
	{Name: "grey zone", From: -10, To: 5, Color: "#bdbdbd"},
	{Name: "optimal", From: -30, To: -10, Color: "#6fcf97"},
	{Name: "high risk", From: -100, To: -30, Color: "#eb5757"},
}

// Curves are best-effort curves of one kind and sport, one series per period.
type Curves struct {
	Kind   string   `json:"kind"`   // power, pace or hr
	Sport  string   `json:"sport"`  // Ride, Run, Swim ...
	XUnit  string   `json:"xUnit"`  // s (duration) or m (distance)
	YUnit  string   `json:"yUnit"`  // W, bpm, or s/km (/100m for swims, /mi in miles)
	Series []Series `json:"series"` // the period first, then the one it is compared with
}

// Series is one curve: points by increasing X.
type Series struct {
	Label  string `json:"label"`
	Oldest string `json:"oldest,omitempty"`
	Newest string `json:"newest,omitempty"`
	// FromFirst: Oldest is the first activity on the curve (all time starts there).
	FromFirst bool    `json:"fromFirst,omitempty"`
	Points    []Point `json:"points"`
}

// Point is one point of a curve: X in seconds (power, HR) or metres (pace); Y in YUnit.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Volume is weekly volume per sport, done and planned.
type Volume struct {
	Metric string       `json:"metric"` // time, distance or load
	Unit   string       `json:"unit"`   // h, km (mi) or load
	Sports []string     `json:"sports"` // in order of total volume
	Weeks  []VolumeWeek `json:"weeks"`  // oldest first
}

// VolumeWeek is one Monday-based week: done and planned by sport, in Unit.
type VolumeWeek struct {
	Monday  string             `json:"monday"`
	Done    map[string]float64 `json:"done"`
	Planned map[string]float64 `json:"planned"`
}
