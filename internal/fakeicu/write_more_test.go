package fakeicu

import (
	"slices"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestWellnessUpdatesAreVisible(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	_, err := c.UpdateWellnessWithResponse(ctx, "0", "2026-03-11", intervals.Wellness{Weight: ptr(float32(69.5)), Comments: ptr("slept badly")})
	mustOK(t, "updateWellness", err)
	_, err = c.UpdateWellness1WithResponse(ctx, "0", intervals.Wellness{Id: ptr("2026-03-12"), RestingHR: ptr(int32(45))})
	mustOK(t, "updateWellness_1", err)
	_, err = c.UpdateWellnessBulkWithResponse(ctx, "0", intervals.UpdateWellnessBulkJSONBody{
		{Id: ptr("2026-03-10"), Soreness: ptr(int32(2))}, {Id: ptr("2026-03-13"), Mood: ptr(int32(1))},
	})
	mustOK(t, "updateWellnessBulk", err)

	d, err := c.GetRecordWithResponse(ctx, "0", "2026-03-11")
	mustOK(t, "getRecord", err)
	if deref(d.JSON200.Weight) != 69.5 || deref(d.JSON200.Comments) != "slept badly" || deref(d.JSON200.Ctl) != 51 {
		t.Errorf("2026-03-11 after update = %s (weight and comment new, ctl kept)", d.Body)
	}
	l, err := c.ListWellnessRecordsWithResponse(ctx, "0", "", &intervals.ListWellnessRecordsParams{Oldest: ptr("2026-03-10")})
	mustOK(t, "listWellnessRecords", err)
	var days []string
	for _, w := range *l.JSON200 {
		days = append(days, deref(w.Id))
	}
	if want := []string{"2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"}; !slices.Equal(days, want) {
		t.Errorf("wellness days after updates = %v, want %v", days, want)
	}
	if deref((*l.JSON200)[0].Soreness) != 2 || deref((*l.JSON200)[2].RestingHR) != 45 {
		t.Errorf("bulk and id-in-body updates not visible: %s", l.Body)
	}
}

func TestSportSettingsUpdate(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	_, err := c.UpdateSettingsWithResponse(ctx, "0", "501", nil, intervals.SportSettings{Ftp: ptr(int32(265))})
	mustOK(t, "updateSettings", err)
	got, err := c.GetSettings1WithResponse(ctx, "0", "Ride")
	mustOK(t, "getSettings_1", err)
	if deref(got.JSON200.Ftp) != 265 || !slices.Equal(deref(got.JSON200.PowerZones), []int32{55, 75, 90, 105, 120, 150, 999}) ||
		!slices.Equal(deref(got.JSON200.HrZones), []int32{136, 150, 160, 170, 180, 190}) {
		t.Errorf("after FTP 265: %s (power zones are %% of FTP and stay; HR zones stay)", got.Body)
	}
	a, err := c.GetAthleteWithResponse(ctx, "0")
	mustOK(t, "getAthlete", err)
	if deref((*a.JSON200.SportSettings)[0].Ftp) != 265 {
		t.Errorf("getAthlete sportSettings not updated: %v", deref((*a.JSON200.SportSettings)[0].Ftp))
	}

	up, err := c.UpdateSettingsWithResponse(ctx, "0", "501", &intervals.UpdateSettingsParams{RecalcHrZones: true},
		intervals.SportSettings{Lthr: ptr(int32(180)), MaxHr: ptr(int32(195))})
	mustOK(t, "updateSettings recalcHrZones", err)
	if want := []int32{144, 159, 169, 180, 191, 195}; !slices.Equal(deref(up.JSON200.HrZones), want) {
		t.Errorf("HR zones after LTHR 170->180, max 195 = %v, want %v", deref(up.JSON200.HrZones), want)
	}
}

func TestActivityAndCommentWrites(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	_, err := c.UpdateActivityWithResponse(ctx, "i9001", intervals.Activity{
		Name: ptr("Hill repeats"), Description: ptr("legs heavy"), IcuRpe: ptr(int32(7)), Feel: ptr(int32(3)),
	})
	mustOK(t, "updateActivity", err)
	a, err := c.GetActivityWithResponse(ctx, "i9001", nil)
	mustOK(t, "getActivity", err)
	act := decode[intervals.Activity](t, string(a.Body))
	if deref(act.Name) != "Hill repeats" || deref(act.IcuRpe) != 7 || deref(act.Feel) != 3 || deref(act.MovingTime) != 1200 {
		t.Errorf("after updateActivity: %s", a.Body)
	}
	_, err = c.SendActivityMessageWithResponse(ctx, "i9001", intervals.NewActivityMsg{Content: ptr("Well done")})
	mustOK(t, "sendActivityMessage", err)
	m, err := c.ListActivityMessagesWithResponse(ctx, "i9001", nil)
	mustOK(t, "listActivityMessages", err)
	msgs := *m.JSON200
	if len(msgs) != 2 || deref(msgs[1].Content) != "Well done" || deref(msgs[1].AthleteId) != DemoAthleteID {
		t.Errorf("messages after send = %s", m.Body)
	}
}

func TestCustomItemsAndWorkoutWrites(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	typ := intervals.CustomItemType("FITNESS_CHART")
	cr, err := c.CreateCustomItemWithResponse(ctx, "0", intervals.CustomItem{Name: ptr("Load chart"), Type: &typ})
	mustOK(t, "createCustomItem", err)
	id := deref(cr.JSON200.Id)
	_, err = c.UpdateCustomItemWithResponse(ctx, "0", id, intervals.CustomItem{Description: ptr("weekly")})
	mustOK(t, "updateCustomItem", err)
	got, err := c.GetCustomItemWithResponse(ctx, "0", id)
	mustOK(t, "getCustomItem", err)
	if deref(got.JSON200.Name) != "Load chart" || deref(got.JSON200.Description) != "weekly" {
		t.Errorf("custom item after update = %s", got.Body)
	}
	_, err = c.DeleteCustomItemWithResponse(ctx, "0", id)
	mustOK(t, "deleteCustomItem", err)
	if _, err := c.GetCustomItemWithResponse(ctx, "0", id); statusOf(err) != 404 {
		t.Errorf("deleted custom item: %v, want 404", err)
	}

	wk, err := c.CreateWorkoutWithResponse(ctx, "0", intervals.WorkoutEx{Name: ptr("3x10"), FolderId: ptr(int32(41)), Description: ptr("- 10m 95%")})
	mustOK(t, "createWorkout", err)
	shown, err := c.ShowWorkoutWithResponse(ctx, "0", deref(wk.JSON200.Id))
	mustOK(t, "showWorkout", err)
	folders, err := c.ListFoldersWithResponse(ctx, "0")
	mustOK(t, "listFolders", err)
	if deref(shown.JSON200.Name) != "3x10" || len(deref((*folders.JSON200)[0].Children)) != 2 {
		t.Errorf("new workout %s; folder %s", shown.Body, folders.Body)
	}
}

func TestMessagesSinceIDAndLimit(t *testing.T) {
	f := newTestFake(t, Options{})
	for _, text := range []string{"first", "second"} {
		mustStatus(t, f, 200, "POST", "/api/v1/activity/i9001/messages", `{"content":"`+text+`"}`)
	}
	contents := func(path string) []string {
		var out []string
		for _, m := range decode[[]intervals.Message](t, mustStatus(t, f, 200, "GET", path, "")) {
			out = append(out, deref(m.Content))
		}
		return out
	}
	if got, want := contents("/api/v1/activity/i9001/messages?sinceId=5"), []string{"first", "second"}; !slices.Equal(got, want) {
		t.Errorf("messages since id 5 = %v, want %v (the world's message 5 left out)", got, want)
	}
	if got, want := contents("/api/v1/activity/i9001/messages?limit=2"), []string{"first", "second"}; !slices.Equal(got, want) {
		t.Errorf("messages, limit 2 = %v, want the 2 newest, oldest first: %v", got, want)
	}
}
