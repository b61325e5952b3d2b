package fakeicu

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

var ctx = context.Background()

// mustOK fails on a client error.
func mustOK(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// statusOf is the HTTP status of a client error (0 if it is not an *intervals.Error).
func statusOf(err error) int {
	var e *intervals.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

func TestClientReadsAthlete(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	a, err := c.GetAthleteWithResponse(ctx, "0")
	mustOK(t, "getAthlete", err)
	if deref(a.JSON200.Id) != DemoAthleteID || len(deref(a.JSON200.SportSettings)) != 2 {
		t.Errorf("getAthlete = %s, want %s with 2 sport settings", a.Body, DemoAthleteID)
	}
	p, err := c.GetAthleteProfileWithResponse(ctx, "0")
	mustOK(t, "getAthleteProfile", err)
	if deref(p.JSON200.Athlete.Timezone) != "Australia/Sydney" || len(deref(p.JSON200.CustomItems)) != 1 {
		t.Errorf("getAthleteProfile = %s", p.Body)
	}
	l, err := c.ListAthletesWithResponse(ctx, nil)
	mustOK(t, "listAthletes", err)
	if len(*l.JSON200) != 1 || deref((*l.JSON200)[0].Id) != "i100002" {
		t.Errorf("listAthletes = %s, want the coached athlete", l.Body)
	}
	s, err := c.GetAthleteSummaryWithResponse(ctx, "0", "", &intervals.GetAthleteSummaryParams{Start: ptr("2026-03-02"), End: ptr("2026-03-11")})
	mustOK(t, "getAthleteSummary", err)
	weeks := *s.JSON200
	if len(weeks) != 2 || deref(weeks[0].Date) != "2026-03-09" || deref(weeks[0].Count) != 2 || deref(weeks[0].TrainingLoad) != 50 ||
		deref(weeks[0].MostRecentWellnessId) != "2026-03-11" || deref(weeks[1].Count) != 0 {
		t.Errorf("getAthleteSummary = %s, want weeks of 2026-03-09 (2 activities, load 50) and 2026-03-02", s.Body)
	}
}

func TestClientListsActivitiesNewestFirstWithStravaStub(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	r, err := c.ListActivitiesWithResponse(ctx, "0", &intervals.ListActivitiesParams{Oldest: "2026-03-01"})
	mustOK(t, "listActivities", err)
	var raw []map[string]any
	if err := json.Unmarshal(r.Body, &raw); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range raw {
		ids = append(ids, a["id"].(string))
	}
	if want := []string{"16639341172", "i9002", "i9001"}; !slices.Equal(ids, want) {
		t.Fatalf("ids = %v, want %v", ids, want)
	}
	if len(raw[0]) != 5 || raw[0]["_note"] == nil || raw[0]["source"] != "STRAVA" {
		t.Errorf("Strava activity = %v, want the 5-field stub with _note", raw[0])
	}

	r, err = c.ListActivitiesWithResponse(ctx, "0", &intervals.ListActivitiesParams{
		Oldest: "2026-03-01", Newest: ptr("2026-03-10"), Limit: ptr(int32(1)), Fields: &[]string{"id", "name"},
	})
	mustOK(t, "listActivities fields", err)
	if string(r.Body) != `[{"id":"i9002","name":"Easy run"}]` {
		t.Errorf("limit=1, fields=id,name, newest=2026-03-10: %s", r.Body)
	}
}

func TestClientReadsActivityDetails(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	r, err := c.GetActivityWithResponse(ctx, "i9001", &intervals.GetActivityParams{Intervals: ptr(true)})
	mustOK(t, "getActivity", err)
	var full intervals.ActivityWithIntervals
	if err := json.Unmarshal(r.Body, &full); err != nil {
		t.Fatal(err)
	}
	if deref(full.Name) != "Morning ride" || len(deref(full.IcuIntervals)) != 1 || full.IcuGroups == nil {
		t.Errorf("getActivity intervals=true = %s", r.Body)
	}
	r, err = c.GetActivityWithResponse(ctx, "i9001", nil)
	mustOK(t, "getActivity", err)
	var plain map[string]any
	_ = json.Unmarshal(r.Body, &plain)
	if _, has := plain["icu_intervals"]; has {
		t.Errorf("getActivity without intervals=true has icu_intervals")
	}

	iv, err := c.GetIntervalsWithResponse(ctx, "i9001")
	mustOK(t, "getIntervals", err)
	if len(deref(iv.JSON200.IcuIntervals)) != 1 {
		t.Errorf("getIntervals = %s", iv.Body)
	}

	st, err := c.GetActivityStreamsWithResponse(ctx, "i9001", "", &intervals.GetActivityStreamsParams{Types: &[]string{"heartrate", "watts"}})
	mustOK(t, "getActivityStreams", err)
	streams := *st.JSON200
	if len(streams) != 2 || deref(streams[0].Type) != "watts" || len(streams[0].Data.([]any)) != 1200 {
		t.Errorf("getActivityStreams types=heartrate,watts: %d streams, first %v", len(streams), deref(streams[0].Type))
	}
	_, err = c.GetActivityStreamsWithResponse(ctx, "i9001", ".json", nil)
	mustOK(t, "getActivityStreams .json", err)

	m, err := c.ListActivityMessagesWithResponse(ctx, "i9001", nil)
	mustOK(t, "listActivityMessages", err)
	if len(*m.JSON200) != 1 {
		t.Errorf("listActivityMessages = %s", m.Body)
	}
}

func TestStravaActivityDetailsAre422(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, path := range []string{"/api/v1/activity/16639341172", "/api/v1/activity/16639341172/streams", "/api/v1/activity/16639341172/intervals"} {
		if msg := mustError(t, f, 422, "GET", path, ""); msg != "Cannot read Strava activities via the API" {
			t.Errorf("GET %s: %q", path, msg)
		}
	}
	mustError(t, f, 404, "GET", "/api/v1/activity/i404", "")
}

func TestClientReadsCalendarInAthleteZone(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	r, err := c.ListEventsWithResponse(ctx, "0", "", nil)
	mustOK(t, "listEvents", err)
	var ids []int32
	for _, e := range *r.JSON200 {
		ids = append(ids, deref(e.Id))
	}
	// Today in Sydney is 2026-03-11 (UTC: 03-10): the default week is 03-11..03-17.
	if want := []int32{13, 14, 17}; !slices.Equal(ids, want) {
		t.Errorf("listEvents default range = %v, want %v", ids, want)
	}

	r, err = c.ListEventsWithResponse(ctx, "0", ".json", &intervals.ListEventsParams{
		Oldest: ptr("2026-03-01"), Newest: ptr("2026-03-31"), Category: &[]string{"WORKOUT", "RACE_A"},
	})
	mustOK(t, "listEvents categories", err)
	var raw []map[string]any
	_ = json.Unmarshal(r.Body, &raw)
	if len(raw) != 3 || raw[0]["paired_activity_id"] != "i9001" {
		t.Errorf("listEvents WORKOUT,RACE_A in March = %s, want 3 with the first paired to i9001", r.Body)
	}
	if _, ok := raw[1]["paired_activity_id"]; !ok || raw[1]["paired_activity_id"] != nil {
		t.Errorf("an unpaired event must carry paired_activity_id: null, got %v", raw[1])
	}

	e, err := c.ShowEventWithResponse(ctx, "0", 15)
	mustOK(t, "showEvent", err)
	if deref(e.JSON200.Name) != "Big race" {
		t.Errorf("showEvent = %s", e.Body)
	}
	fm, err := c.ListFitnessModelEventsWithResponse(ctx, "0")
	mustOK(t, "listFitnessModelEvents", err)
	if len(*fm.JSON200) != 1 || deref((*fm.JSON200)[0].Id) != 16 {
		t.Errorf("listFitnessModelEvents = %s", fm.Body)
	}
	_, err = c.ShowEventWithResponse(ctx, "0", 999)
	if statusOf(err) != 404 {
		t.Errorf("showEvent 999: %v, want 404", err)
	}
}

func TestClientReadsWellnessSettingsAndLibrary(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	w, err := c.ListWellnessRecordsWithResponse(ctx, "0", "", &intervals.ListWellnessRecordsParams{
		Oldest: ptr("2026-03-09"), Newest: ptr("2026-03-10"), Fields: &[]string{"id", "ctl"},
	})
	mustOK(t, "listWellnessRecords", err)
	if string(w.Body) != `[{"ctl":49,"id":"2026-03-09"},{"ctl":50,"id":"2026-03-10"}]` {
		t.Errorf("listWellnessRecords = %s", w.Body)
	}
	d, err := c.GetRecordWithResponse(ctx, "0", "2026-03-05")
	mustOK(t, "getRecord", err)
	if deref(d.JSON200.Ctl) != 45 {
		t.Errorf("getRecord = %s", d.Body)
	}
	ss, err := c.ListSettingsWithResponse(ctx, "0")
	mustOK(t, "listSettings", err)
	if len(*ss.JSON200) != 2 {
		t.Errorf("listSettings = %s", ss.Body)
	}
	for _, id := range []string{"501", "VirtualRide"} {
		one, err := c.GetSettings1WithResponse(ctx, "0", id)
		mustOK(t, "getSettings_1 "+id, err)
		if deref(one.JSON200.Ftp) != 250 {
			t.Errorf("getSettings_1 %s = %s", id, one.Body)
		}
	}
	g, err := c.ListGearWithResponse(ctx, "0", "")
	mustOK(t, "listGear", err)
	ci, err := c.ListCustomItemsWithResponse(ctx, "0")
	mustOK(t, "listCustomItems", err)
	item, err := c.GetCustomItemWithResponse(ctx, "0", 31)
	mustOK(t, "getCustomItem", err)
	fo, err := c.ListFoldersWithResponse(ctx, "0")
	mustOK(t, "listFolders", err)
	wo, err := c.ListWorkoutsWithResponse(ctx, "0")
	mustOK(t, "listWorkouts", err)
	one, err := c.ShowWorkoutWithResponse(ctx, "0", 42)
	mustOK(t, "showWorkout", err)
	if len(*g.JSON200) != 1 || len(*ci.JSON200) != 1 || deref(item.JSON200.Name) != "Decoupling" ||
		len(deref((*fo.JSON200)[0].Children)) != 1 || len(*wo.JSON200) != 1 || deref(one.JSON200.Name) != "2x20" {
		t.Errorf("gear %s, items %s, folders %s, workouts %s", g.Body, ci.Body, fo.Body, wo.Body)
	}
}

func TestClientReadsCurves(t *testing.T) {
	c := client(t, newTestFake(t, Options{}))
	p, err := c.ListAthletePowerCurvesWithResponse(ctx, "0", "", &intervals.ListAthletePowerCurvesParams{
		Type: "Ride", Curves: &[]string{"r.2026-03-01.2026-03-11", "1y"},
	})
	mustOK(t, "listAthletePowerCurves", err)
	var set struct {
		List []struct {
			ID         string   `json:"id"`
			Secs       []int    `json:"secs"`
			Values     []int    `json:"values"`
			ActivityID []string `json:"activity_id"`
		} `json:"list"`
		Activities map[string]json.RawMessage `json:"activities"`
	}
	if err := json.Unmarshal(p.Body, &set); err != nil {
		t.Fatal(err)
	}
	if len(set.List) != 2 || set.List[0].ID != "r.2026-03-01.2026-03-11" || len(set.List[0].Secs) == 0 {
		t.Fatalf("power curves = %.300s", p.Body)
	}
	pc := set.List[0]
	if pc.Secs[len(pc.Secs)-1] != 1200 || pc.ActivityID[0] != "i9001" || set.Activities["i9001"] == nil {
		t.Errorf("power curve of one 1200 s ride: last secs %d, activity %s", pc.Secs[len(pc.Secs)-1], pc.ActivityID[0])
	}
	// The 1200 s point of a 1200 s ride is its mean power.
	st, err := c.GetActivityStreamsWithResponse(ctx, "i9001", "", &intervals.GetActivityStreamsParams{Types: &[]string{"watts"}})
	mustOK(t, "getActivityStreams", err)
	var sum float64
	samples := (*st.JSON200)[0].Data.([]any)
	for _, v := range samples {
		sum += v.(float64)
	}
	if mean := int(math.Round(sum / float64(len(samples)))); pc.Values[len(pc.Values)-1] != mean {
		t.Errorf("power curve at 1200 s = %d W, the ride's mean power is %d W", pc.Values[len(pc.Values)-1], mean)
	}
	h, err := c.ListAthleteHRCurvesWithResponse(ctx, "0", "", &intervals.ListAthleteHRCurvesParams{Curves: &[]string{"90d"}})
	mustOK(t, "listAthleteHRCurves", err)
	pa, err := c.ListAthletePaceCurvesWithResponse(ctx, "0", "", &intervals.ListAthletePaceCurvesParams{Curves: &[]string{"all"}})
	mustOK(t, "listAthletePaceCurves", err)
	phr, err := c.GetPowerHRCurveWithResponse(ctx, "0", &intervals.GetPowerHRCurveParams{Start: "2026-03-01", End: "2026-03-11"})
	mustOK(t, "getPowerHRCurve", err)
	var minutes int32
	for _, m := range deref(phr.JSON200.Minutes) {
		minutes += m
	}
	if len(deref((*h.JSON200.List)[0].Values)) == 0 || len(deref((*pa.JSON200.List)[0].Values)) == 0 || minutes < 10 || minutes > 30 || deref(phr.JSON200.MaxWatts) < 250 {
		t.Errorf("hr %.200s / pace %.200s / power-hr minutes %d (want about 20), max watts %d (want > 250)", h.Body, pa.Body, minutes, deref(phr.JSON200.MaxWatts))
	}
}

func TestAthleteSummaryDefaultsToTheLastSevenDaysInTheAthletesZone(t *testing.T) {
	f := newTestFake(t, Options{})
	rows := decode[[]intervals.SummaryWithCats](t, mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/athlete-summary", ""))
	var got []string
	for _, r := range rows {
		got = append(got, deref(r.Date)+" "+deref(r.MostRecentWellnessId))
	}
	// Today in Sydney is Wednesday 2026-03-11 (UTC: 03-10): 03-05..03-11 spans two weeks,
	// newest first, and the newest week's latest wellness is today's.
	if want := []string{"2026-03-09 2026-03-11", "2026-03-02 2026-03-08"}; !slices.Equal(got, want) {
		t.Errorf("athlete-summary without start/end: weeks and latest wellness %v, want %v", got, want)
	}
}
