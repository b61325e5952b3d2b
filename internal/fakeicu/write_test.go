package fakeicu

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// eventIDs lists the ids of an athlete's calendar as the fake holds it.
func eventIDs(f *Fake) []int32 {
	var ids []int32
	for _, e := range f.Events("0") {
		ids = append(ids, deref(e.Id))
	}
	return ids
}

func category(c intervals.EventExCategory) *intervals.EventExCategory { return &c }

func TestReadsWriteNothing(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	_, err := c.ListEventsWithResponse(ctx, "0", "", nil)
	mustOK(t, "listEvents", err)
	_, err = c.GetActivityWithResponse(ctx, "i9001", nil)
	mustOK(t, "getActivity", err)
	mustError(t, f, 422, "POST", "/api/v1/athlete/0/events", `{"name":"no category"}`)
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes after reads and a rejected write: %+v", w)
	}
}

func TestCreateUpdateDeleteEvent(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	cr, err := c.CreateEventWithResponse(ctx, "0", nil, intervals.EventEx{
		Category: category("WORKOUT"), Name: ptr("Tempo"), Type: ptr("Ride"), StartDateLocal: ptr("2026-03-12"),
		Description: ptr("- 20m 80%"),
	})
	mustOK(t, "createEvent", err)
	id := deref(cr.JSON200.Id)
	if deref(cr.JSON200.StartDateLocal) != "2026-03-12T00:00:00" || deref(cr.JSON200.AthleteId) != DemoAthleteID {
		t.Errorf("createEvent = %s", cr.Body)
	}
	l, err := c.ListEventsWithResponse(ctx, "0", "", nil)
	mustOK(t, "listEvents", err)
	if !slices.ContainsFunc(*l.JSON200, func(e intervals.Event) bool { return deref(e.Id) == id }) {
		t.Fatalf("created event %d not in listEvents: %s", id, l.Body)
	}

	up, err := c.UpdateEventWithResponse(ctx, "0", id, intervals.EventEx{StartDateLocal: ptr("2026-03-13T00:00:00"), Name: ptr("Tempo moved")})
	mustOK(t, "updateEvent", err)
	got, err := c.ShowEventWithResponse(ctx, "0", id)
	mustOK(t, "showEvent", err)
	if deref(got.JSON200.Name) != "Tempo moved" || deref(got.JSON200.EndDateLocal) != "2026-03-14T00:00:00" ||
		deref(got.JSON200.Description) != "- 20m 80%" {
		t.Errorf("after updateEvent (%s): %s", up.Body, got.Body)
	}

	_, err = c.DeleteEventWithResponse(ctx, "0", id, nil)
	mustOK(t, "deleteEvent", err)
	if slices.Contains(eventIDs(f), id) {
		t.Errorf("event %d still there after deleteEvent", id)
	}
	var ops []string
	for _, w := range f.Writes() {
		ops = append(ops, w.Operation)
	}
	if want := []string{"createEvent", "updateEvent", "deleteEvent"}; !slices.Equal(ops, want) {
		t.Errorf("write log = %v, want %v", ops, want)
	}
}

func TestBulkUpsertByExternalIDAndBulkDelete(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	plan := intervals.CreateMultipleEventsJSONBody{
		{Category: category("WORKOUT"), Name: ptr("A"), StartDateLocal: ptr("2026-03-12"), ExternalId: ptr("plan-a")},
		{Category: category("WORKOUT"), Name: ptr("B"), StartDateLocal: ptr("2026-03-13"), ExternalId: ptr("plan-b")},
	}
	first, err := c.CreateMultipleEventsWithResponse(ctx, "0", &intervals.CreateMultipleEventsParams{Upsert: ptr(true)}, plan)
	mustOK(t, "createMultipleEvents", err)
	before := len(f.Events("0"))
	plan[0].Name = ptr("A again")
	plan = append(plan, intervals.EventEx{Category: category("NOTE"), Name: ptr("C"), StartDateLocal: ptr("2026-03-15"), ExternalId: ptr("plan-c")})
	second, err := c.CreateMultipleEventsWithResponse(ctx, "0", &intervals.CreateMultipleEventsParams{Upsert: ptr(true)}, plan)
	mustOK(t, "createMultipleEvents upsert", err)
	if got := len(f.Events("0")); got != before+1 {
		t.Errorf("upsert of 2 existing + 1 new: %d events, want %d", got, before+1)
	}
	if deref((*second.JSON200)[0].Id) != deref((*first.JSON200)[0].Id) || deref((*second.JSON200)[0].Name) != "A again" {
		t.Errorf("upserted event = %s, want id %d renamed", second.Body, deref((*first.JSON200)[0].Id))
	}

	// Without upsert the same external ids make new events.
	_, err = c.CreateMultipleEventsWithResponse(ctx, "0", nil, plan[:1])
	mustOK(t, "createMultipleEvents without upsert", err)
	if got := len(f.Events("0")); got != before+2 {
		t.Errorf("bulk create without upsert: %d events, want %d", got, before+2)
	}

	d, err := c.DeleteEventsBulkWithResponse(ctx, "0", intervals.DeleteEventsBulkJSONBody{
		{ExternalId: ptr("plan-a")}, {Id: ptr(int32(14))},
	})
	mustOK(t, "deleteEventsBulk", err)
	if deref(d.JSON200.EventsDeleted) != 3 {
		t.Errorf("bulk delete of external_id plan-a (2 events) and id 14 = %s, want 3", d.Body)
	}
	for _, e := range f.Events("0") {
		if deref(e.ExternalId) == "plan-a" || deref(e.Id) == 14 {
			t.Errorf("event %d (%s) survived the bulk delete", deref(e.Id), deref(e.ExternalId))
		}
	}
}

func TestRangeDeleteDuplicateAndMarkDone(t *testing.T) {
	f := newTestFake(t, Options{})
	c := client(t, f)
	dup, err := c.DuplicateEventsWithResponse(ctx, "0", intervals.DuplicateEventsDTO{EventIds: &[]int32{13}, NumCopies: ptr(int32(2)), WeeksBetween: ptr(int32(1))})
	mustOK(t, "duplicateEvents", err)
	var starts []string
	for _, e := range *dup.JSON200 {
		starts = append(starts, deref(e.StartDateLocal))
	}
	if want := []string{"2026-03-18T00:00:00", "2026-03-25T00:00:00"}; !slices.Equal(starts, want) {
		t.Errorf("duplicate of 2026-03-11, 2 copies a week apart: %v, want %v", starts, want)
	}

	done, err := c.MarkEventAsDoneWithResponse(ctx, "0", 13)
	mustOK(t, "markEventAsDone", err)
	if deref(done.JSON200.PairedEventId) != 13 || deref(done.JSON200.MovingTime) != 1800 {
		t.Errorf("markEventAsDone = %s", done.Body)
	}
	shown := mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/events/13", "")
	if want := `"paired_activity_id":"` + deref(done.JSON200.Id) + `"`; !strings.Contains(shown, want) {
		t.Errorf("event 13 after mark-done = %s, want %s", shown, want)
	}

	del, err := c.DeleteEventsWithResponse(ctx, "0", &intervals.DeleteEventsParams{Oldest: "2026-03-11", Newest: ptr("2026-03-20"), Category: []string{"WORKOUT"}})
	mustOK(t, "deleteEvents", err)
	if string(del.Body) != `{"eventsDeleted":2}` {
		t.Errorf("range delete of WORKOUTs 03-11..03-20 = %s, want 2 (13 and its copy of 03-18)", del.Body)
	}
	ids := eventIDs(f)
	if slices.Contains(ids, 13) || !slices.Contains(ids, 14) || !slices.Contains(ids, 11) {
		t.Errorf("after range delete: %v (13 gone; the NOTE 14 and the WORKOUT of 03-09 kept)", ids)
	}

	upd, err := c.UpdateEventsWithResponse(ctx, "0", &intervals.UpdateEventsParams{Oldest: "2026-03-14", Newest: "2026-03-17"}, intervals.Event{HideFromAthlete: ptr(true)})
	mustOK(t, "updateEvents", err)
	if len(*upd.JSON200) != 2 || !deref((*upd.JSON200)[0].HideFromAthlete) {
		t.Errorf("updateEvents 03-14..03-17 = %s, want events 14 and 17 hidden", upd.Body)
	}
}

func TestUpsertOnUIDUpdatesTheEventWithThatUID(t *testing.T) {
	f := newTestFake(t, Options{})
	created := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"NOTE","name":"first","start_date_local":"2026-03-12"}`))
	before := len(f.Events("0"))
	uid := deref(created.Uid)
	body := mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events?upsertOnUid=true",
		`{"category":"NOTE","name":"second","start_date_local":"2026-03-13","uid":"`+uid+`"}`)
	if again := decode[eventOut](t, body); deref(again.Id) != deref(created.Id) || deref(again.Name) != "second" ||
		deref(again.StartDateLocal) != "2026-03-13T00:00:00" {
		t.Errorf("create with upsertOnUid and uid %s = %s, want event %d renamed and moved", uid, body, deref(created.Id))
	}
	body = mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events/bulk?upsertOnUid=true",
		`[{"category":"NOTE","name":"third","start_date_local":"2026-03-14","uid":"`+uid+`"}]`)
	if bulk := decode[[]eventOut](t, body); len(bulk) != 1 || deref(bulk[0].Id) != deref(created.Id) || deref(bulk[0].Name) != "third" {
		t.Errorf("bulk create with upsertOnUid = %s, want event %d renamed", body, deref(created.Id))
	}
	if got := len(f.Events("0")); got != before {
		t.Errorf("%d events after two upserts, want %d (no new event)", got, before)
	}
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"NOTE","name":"fourth","start_date_local":"2026-03-15","uid":"`+uid+`"}`)
	if got := len(f.Events("0")); got != before+1 {
		t.Errorf("%d events after a create with the uid but without upsertOnUid, want %d", got, before+1)
	}
}

func TestDeletingAPairedEventUnpairsItsActivity(t *testing.T) {
	f := newTestFake(t, Options{})
	if act := mustStatus(t, f, 200, "GET", "/api/v1/activity/i9001", ""); !strings.Contains(act, `"paired_event_id":11`) {
		t.Fatalf("i9001 before = %s, want it paired with event 11", act)
	}
	mustStatus(t, f, 200, "DELETE", "/api/v1/athlete/0/events/11", "")
	if act := mustStatus(t, f, 200, "GET", "/api/v1/activity/i9001", ""); strings.Contains(act, "paired_event_id") {
		t.Errorf("i9001 after event 11 was deleted = %s, want no paired_event_id", act)
	}
}

func TestRangeDeleteByCreator(t *testing.T) {
	f := newTestFake(t, Options{})
	mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events", `{"category":"NOTE","name":"mine","start_date_local":"2026-03-12"}`)
	body := mustStatus(t, f, 200, "DELETE", "/api/v1/athlete/0/events?oldest=2026-03-01&category=NOTE&createdById=i777", "")
	if body != `{"eventsDeleted":0}` {
		t.Errorf("range delete of another creator's notes = %s, want none deleted", body)
	}
	body = mustStatus(t, f, 200, "DELETE", "/api/v1/athlete/0/events?oldest=2026-03-01&category=NOTE&createdById="+DemoAthleteID, "")
	if body != `{"eventsDeleted":1}` {
		t.Errorf("range delete of %s's notes = %s, want the one it created (the world's notes have no creator)", DemoAthleteID, body)
	}
}

func TestMarkDoneGivesTheNextIntervalsActivityID(t *testing.T) {
	f := New(Options{Now: func() time.Time { return testNow }})
	w := f.World()
	var top int64
	for _, a := range w.Athletes {
		for _, act := range a.Activities {
			if num, ok := strings.CutPrefix(deref(act.Id), "i"); ok {
				if n, err := strconv.ParseInt(num, 10, 64); err == nil && n > top {
					top = n
				}
			}
		}
	}
	if len(w.Athletes[0].StravaStubs) == 0 {
		t.Fatal("the world has no Strava activity: the test proves nothing")
	}
	i := slices.IndexFunc(w.Athletes[0].Events, func(e api.Event) bool {
		_, done := w.Athletes[0].PairedActivity[deref(e.Id)]
		return deref(e.Category) == api.EventCategoryWORKOUT && !done
	})
	body := mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events/"+itoa32(deref(w.Athletes[0].Events[i].Id))+"/mark-done", "")
	if got, want := deref(decode[api.Activity](t, body).Id), "i"+strconv.FormatInt(top+1, 10); got != want {
		t.Errorf("mark-done made activity %s, want %s (after the highest i-id, whatever Strava's ids are)", got, want)
	}
}
