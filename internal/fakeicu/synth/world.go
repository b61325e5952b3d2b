package synth

import (
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// World is everything the fake serves. Data are kept in the generated API types, exactly as
// the real API answers them.
//
// Athletes[0] is the primary demo athlete and the account behind the default API key; it is
// also a coach, and coaches Athletes[1:] (three athletes), as on Intervals.icu, where a coach's
// account is an athlete's account too.
type World struct {
	// Today is the date the data was generated around, in the primary athlete's time zone:
	// a year of history up to it, a calendar of planned sessions after it.
	Today    time.Time
	Athletes []*Athlete
	// Chats are the direct chats between athletes (the coach's with the athletes it coaches).
	Chats []Chat
}

// Athlete holds one athlete's data.
type Athlete struct {
	Profile       api.WithSportSettings // GET /athlete/{id}: id, name, timezone, sportSettings ...
	SportSettings []api.SportSettings   // GET /athlete/{id}/sport-settings
	Activities    []api.Activity        // sorted by start_date_local, oldest first
	// Intervals holds each activity's laps/intervals (GET /activity/{id}/intervals), by
	// activity id; Strava stubs have none (nor StreamSpecs).
	Intervals map[string]api.IntervalsDTO
	// StreamSpecs holds what Streams needs to regenerate an activity's 1 Hz streams on request.
	StreamSpecs map[string]StreamSpec
	Wellness    []api.Wellness // one row per day, oldest first; id is the local date
	Events      []api.Event    // calendar, sorted by start_date_local
	// PairedActivity maps a planned event id to the activity that did it (the real API writes
	// it as paired_activity_id on the event, a field the spec does not declare).
	PairedActivity map[int32]string
	Gear           []api.Gear
	CustomItems    []api.CustomItem
	Folders        []api.Folder             // workout library folders, with their workouts as children
	Workouts       []api.Workout            // every library workout (also reachable through Folders)
	Messages       map[string][]api.Message // activity comments, by activity id

	// StravaStubs lists, oldest first, the ids of the activities that came from Strava: the
	// API shows them only as a stub (id, icu_athlete_id, start_date_local, source "STRAVA")
	// with a "_note", a field api.Activity lacks, so the server adds it for these ids.
	StravaStubs []string
	// HiddenLoads holds the training load of each Strava stub, by activity id: Intervals.icu
	// counts it in fitness and fatigue although the API does not show it.
	HiddenLoads map[string]int32
	// InitialCTL and InitialATL are fitness and fatigue at the end of the day before
	// Wellness[0]: with the day loads they reproduce every wellness row's ctl and atl.
	InitialCTL, InitialATL float64
	// Location is the athlete's time zone (Profile.Timezone), loaded.
	Location *time.Location `json:"-"`
}

// StreamSpec is the recipe of one activity's streams: generated on request, never stored,
// so that a 4-hour ride (14,400 samples per stream) costs memory only while it is served.
type StreamSpec struct {
	Seed     int64
	Sport    string    // Ride, VirtualRide, Run, Swim
	Seconds  int       // moving time; one sample per second
	Segments []Segment // back to back from 0 to Seconds

	// The athlete's physiology when the activity was done: Segment.Intensity is a fraction
	// of FTP (rides) or of ThresholdSpeed (runs, swims); heart rate follows LTHR.
	FTP, LTHR, MaxHR, RestHR int
	ThresholdSpeed           float64 // m/s; 0 for rides
	Indoor                   bool    // no GPS, no temperature
	Lat, Lng                 float64 // where the route starts (a loop back to it)
	Temp                     float64 // average air temperature, degrees C
	Altitude                 float64 // metres above sea level around which the route rolls
	Weight                   float64 // kg, the athlete (speed from power adds the bike)
}

// Segment is a stretch of an activity at one intensity (a warm-up, an interval, a recovery).
type Segment struct {
	Start, End int     // seconds from the start
	Intensity  float64 // fraction of threshold (FTP, threshold pace, LTHR)
	Work       bool    // an effort (WORK interval), not a warm-up, recovery or cool-down
}
