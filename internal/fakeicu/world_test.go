package fakeicu

import (
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// testNow is 2026-03-10 22:00 UTC, already 2026-03-11 09:00 in Sydney (UTC+11): a test that
// takes "today" in UTC gets the wrong day.
var testNow = time.Date(2026, 3, 10, 22, 0, 0, 0, time.UTC)

// testWorld is a small hand-made world: a primary athlete (a coach) in Sydney with a ride, a
// run, a Strava activity and a calendar, and one coached athlete.
func testWorld() *synth.World {
	ride := api.Activity{
		Id: ptr("i9001"), IcuAthleteId: ptr(DemoAthleteID), Name: ptr("Morning ride"), Type: ptr("Ride"),
		StartDateLocal: ptr("2026-03-09T07:00:00"), StartDate: ptr("2026-03-08T20:00:00Z"),
		MovingTime: ptr(int32(1200)), ElapsedTime: ptr(int32(1300)), Distance: ptr(float32(10000)),
		IcuTrainingLoad: ptr(int32(30)), Calories: ptr(int32(400)), Source: ptr(api.ActivitySourceGARMINCONNECT),
		IcuZoneTimes:  &[]api.ZoneTime{{Id: ptr("Z1"), Secs: ptr(int32(600))}, {Id: ptr("Z2"), Secs: ptr(int32(600))}},
		PairedEventId: ptr(int32(11)),
	}
	run := api.Activity{
		Id: ptr("i9002"), IcuAthleteId: ptr(DemoAthleteID), Name: ptr("Easy run"), Type: ptr("Run"),
		StartDateLocal: ptr("2026-03-10T06:30:00"), MovingTime: ptr(int32(900)), Distance: ptr(float32(3000)),
		IcuTrainingLoad: ptr(int32(20)), Source: ptr(api.ActivitySourceGARMINCONNECT),
	}
	strava := api.Activity{
		Id: ptr("16639341172"), IcuAthleteId: ptr(DemoAthleteID), StartDateLocal: ptr("2026-03-11T06:00:00"),
		Source: ptr(api.ActivitySourceSTRAVA), Name: ptr("hidden"), Type: ptr("Ride"),
	}
	rideSpec := synth.StreamSpec{Seed: 7, Sport: "Ride", Seconds: 1200, FTP: 250, LTHR: 170, MaxHR: 190, RestHR: 48,
		Lat: -33.86, Lng: 151.2, Temp: 22, Altitude: 40, Weight: 70, Segments: []synth.Segment{
			{Start: 0, End: 600, Intensity: 0.6}, {Start: 600, End: 900, Intensity: 1.05}, {Start: 900, End: 1200, Intensity: 0.55},
		}}
	runSpec := synth.StreamSpec{Seed: 8, Sport: "Run", Seconds: 900, LTHR: 172, MaxHR: 192, RestHR: 48,
		ThresholdSpeed: 4.0, Lat: -33.86, Lng: 151.2, Temp: 20, Altitude: 20, Weight: 70, Segments: []synth.Segment{{Start: 0, End: 900, Intensity: 0.75}}}
	wellness := []api.Wellness{}
	for d := 1; d <= 11; d++ {
		wellness = append(wellness, api.Wellness{
			Id:  ptr(time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC).Format(dateLayout)),
			Ctl: ptr(float32(40 + d)), Atl: ptr(float32(45 + d)), Weight: ptr(float32(70)), RestingHR: ptr(int32(48)),
		})
	}
	cat := func(c api.EventCategory) *api.EventCategory { return &c }
	events := []api.Event{
		{Id: ptr(int32(11)), Category: cat(api.EventCategoryWORKOUT), Name: ptr("Threshold"), Type: ptr("Ride"),
			StartDateLocal: ptr("2026-03-09T00:00:00"), EndDateLocal: ptr("2026-03-10T00:00:00"), MovingTime: ptr(int32(1200))},
		{Id: ptr(int32(12)), Category: cat(api.EventCategorySICK), Name: ptr("Flu"),
			StartDateLocal: ptr("2026-03-01T00:00:00"), EndDateLocal: ptr("2026-03-04T00:00:00")},
		{Id: ptr(int32(13)), Category: cat(api.EventCategoryWORKOUT), Name: ptr("Sweet spot"), Type: ptr("Ride"),
			StartDateLocal: ptr("2026-03-11T00:00:00"), EndDateLocal: ptr("2026-03-12T00:00:00"),
			Description: ptr("- 10m 60%\n- 20m 90%"), MovingTime: ptr(int32(1800)), IcuTrainingLoad: ptr(int32(40))},
		{Id: ptr(int32(14)), Category: cat(api.EventCategoryNOTE), Name: ptr("Travel"),
			StartDateLocal: ptr("2026-03-14T00:00:00"), EndDateLocal: ptr("2026-03-15T00:00:00")},
		{Id: ptr(int32(15)), Category: cat(api.EventCategoryRACEA), Name: ptr("Big race"), Type: ptr("Ride"),
			StartDateLocal: ptr("2026-03-21T00:00:00"), EndDateLocal: ptr("2026-03-22T00:00:00")},
		{Id: ptr(int32(17)), Category: cat(api.EventCategoryNOTE), Name: ptr("Last day of the week"),
			StartDateLocal: ptr("2026-03-17T00:00:00"), EndDateLocal: ptr("2026-03-18T00:00:00")},
		{Id: ptr(int32(16)), Category: cat(api.EventCategorySETEFTP), Name: ptr("eFTP"),
			StartDateLocal: ptr("2026-02-01T00:00:00"), EndDateLocal: ptr("2026-02-02T00:00:00")},
	}
	for i := range events {
		events[i].AthleteId = ptr(DemoAthleteID)
	}
	primary := &synth.Athlete{
		Profile: api.WithSportSettings{Id: ptr(DemoAthleteID), Name: ptr("Demo Athlete"), Timezone: ptr("Australia/Sydney"), IcuCoach: ptr(true)},
		SportSettings: []api.SportSettings{{
			Id: ptr(int32(501)), Types: &[]api.SportType{"Ride", "VirtualRide"}, Ftp: ptr(int32(250)),
			Lthr: ptr(int32(170)), MaxHr: ptr(int32(190)), HrZones: &[]int32{136, 150, 160, 170, 180, 190},
			PowerZones: &[]int32{55, 75, 90, 105, 120, 150, 999},
		}, {
			Id: ptr(int32(502)), Types: &[]api.SportType{"Run"}, Lthr: ptr(int32(172)), ThresholdPace: ptr(float32(4.0)),
		}},
		Activities:     []api.Activity{ride, run, strava},
		Intervals:      map[string]api.IntervalsDTO{"i9001": {Id: ptr("i9001"), IcuIntervals: &[]api.Interval{{Id: ptr(int32(1)), MovingTime: ptr(int32(300))}}}},
		StreamSpecs:    map[string]synth.StreamSpec{"i9001": rideSpec, "i9002": runSpec},
		Wellness:       wellness,
		Events:         events,
		PairedActivity: map[int32]string{11: "i9001"},
		Gear:           []api.Gear{{Id: ptr("g1"), Name: ptr("Road bike"), AthleteId: ptr(DemoAthleteID)}},
		CustomItems: []api.CustomItem{{Id: ptr(int32(31)), Name: ptr("Decoupling"), AthleteId: ptr(DemoAthleteID),
			Type: ptr(api.CustomItemTypeACTIVITYFIELD)}},
		Folders:  []api.Folder{{Id: ptr(int32(41)), Name: ptr("Bike"), AthleteId: ptr(DemoAthleteID)}},
		Workouts: []api.Workout{{Id: ptr(int32(42)), FolderId: ptr(int32(41)), Name: ptr("2x20"), AthleteId: ptr(DemoAthleteID)}},
		Messages: map[string][]api.Message{"i9001": {{Id: ptr(int64(5)), Content: ptr("Nice"), ActivityId: ptr("i9001")}}},
	}
	coached := &synth.Athlete{
		Profile: api.WithSportSettings{Id: ptr("i100002"), Name: ptr("Coached One"), Timezone: ptr("Europe/London")},
		Events: []api.Event{{Id: ptr(int32(21)), Category: cat(api.EventCategoryNOTE), Name: ptr("Coach note"),
			StartDateLocal: ptr("2026-03-10T00:00:00"), EndDateLocal: ptr("2026-03-11T00:00:00")}},
	}
	return &synth.World{Today: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC), Athletes: []*synth.Athlete{primary, coached}}
}

// newTestFake is a fake over testWorld at testNow.
func newTestFake(t testing.TB, opts Options) *Fake {
	t.Helper()
	opts.World = testWorld()
	if opts.Now == nil {
		opts.Now = func() time.Time { return testNow }
	}
	return New(opts)
}
