package tools

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type deleteEventIn struct {
	EventID  int32        `json:"event_id,omitempty" jsonschema:"minimum=1" jsonschema_description:"Event id from get_events"`
	EventIDs []sessionRef `json:"event_ids,omitempty" jsonschema_description:"Several event ids: all are deleted, or none"`
}

func deleteEventTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_event", Title: "Delete events",
		Description: "Delete one calendar event, or several at once (all or none). Sessions paired with a recorded activity are never deleted.",
		Toolset:     manifest.Calendar, Access: manifest.Destructive, Idempotent: true, Operations: []string{"getAthlete", "showEvent", "deleteEvent", "deleteEventsBulk"},
	}, deleteEvent)
}

// deleteEvent deletes one event by its own endpoint, or several through deleteSessions (one
// bulk delete, after every id was read and none is paired).
func deleteEvent(ctx context.Context, env *toolcall.Env, in deleteEventIn) (string, error) {
	if len(in.EventIDs) > 0 {
		refs := in.EventIDs
		if in.EventID != 0 {
			refs = append(refs, sessionRef(strconv.Itoa(int(in.EventID))))
		}
		return deleteSessions(ctx, env, refs)
	}
	if in.EventID == 0 {
		return "", manifest.Errorf("give event_id (or event_ids for several): the ids come from get_events")
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	e, paired, err := fetchEvent(ctx, env, in.EventID)
	if err != nil {
		return "", err
	}
	if paired != "" {
		return "", refusePairedEvent("deleted", e, paired)
	}
	if _, err := env.Client.DeleteEventWithResponse(ctx, env.AthleteID, in.EventID, nil); err != nil {
		return "", apiFailed(fmt.Sprintf("delete event %d", in.EventID), err)
	}
	return a.units.DeletedOne(e, a.today), nil
}

// A range delete is two calls. The first previews the events it would delete and returns a
// token: an HMAC, under a key drawn once per process, over the athlete, the range, the
// categories, the sorted ids of those events and an expiry. The second call passes the token
// back; it lists the range again and deletes exactly those events, by id (bulk delete), only
// if the set is unchanged and the token has not expired. It never uses the range-delete
// endpoint, which would also take events created in between. Sessions paired with a recorded
// activity are kept and never part of the set.

// tokenTTL is how long a preview's token stays valid.
const tokenTTL = 10 * time.Minute

// tokenKey is the per-process HMAC key, made at the first preview: tokens do not survive a
// restart, by design.
var tokenKey = sync.OnceValue(func() []byte {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic("no randomness for the delete confirmation key: " + err.Error())
	}
	return k
})

// rangeToken signs a preview; expiry is Unix seconds.
func rangeToken(athlete, oldest, newest string, cats []string, ids []int32, expiry int64) string {
	m := hmac.New(sha256.New, tokenKey())
	c := slices.Clone(cats)
	slices.Sort(c)
	fmt.Fprintf(m, "%s|%s|%s|%s|", athlete, oldest, newest, strings.Join(c, ","))
	for _, id := range ids {
		fmt.Fprintf(m, "%d,", id)
	}
	fmt.Fprintf(m, "|%d", expiry)
	return strconv.FormatInt(expiry, 10) + "." + hex.EncodeToString(m.Sum(nil)[:16])
}

type deleteRangeIn struct {
	Oldest   string   `json:"oldest" jsonschema_description:"First local date YYYY-MM-DD"`
	Newest   string   `json:"newest" jsonschema_description:"Last local date YYYY-MM-DD"`
	Category []string `json:"category,omitempty" spec:"Event.category" jsonschema_description:"Only these (default all)"`
	Confirm  string   `json:"confirm,omitempty" jsonschema_description:"Token from the preview; omit to preview"`
}

func deleteEventsByDateRangeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "delete_events_by_date_range", Title: "Delete events in a range",
		Description: "Delete calendar events between two local dates: the first call previews and returns a token, a second with confirm=token deletes exactly those. Paired sessions are kept.",
		Toolset:     manifest.Calendar, Access: manifest.Destructive, Operations: []string{"getAthlete", "listEvents", "deleteEventsBulk"},
		Aliases: rangeAliases,
	}, deleteEventsByDateRange)
}

func deleteEventsByDateRange(ctx context.Context, env *toolcall.Env, in deleteRangeIn) (string, error) {
	if in.Oldest == "" || in.Newest == "" {
		return "", manifest.Errorf("oldest and newest are both required (local dates YYYY-MM-DD): a range delete never has a default range")
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, 0, 0)
	if err != nil {
		return "", err
	}
	evs, paired, err := listEvents(ctx, env, oldest, newest, in.Category)
	if err != nil {
		return "", err
	}
	var doomed, kept []intervals.Event
	for _, e := range evs {
		if paired[deref(e.Id)] != "" {
			kept = append(kept, e)
		} else {
			doomed = append(doomed, e)
		}
	}
	ids := make([]int32, len(doomed))
	for i, e := range doomed {
		ids[i] = deref(e.Id)
	}
	slices.Sort(ids)
	athlete := a.ID
	answer := func(named []intervals.Event, token string) string {
		r := format.RangeDelete{Oldest: oldest, Newest: newest, Named: named, Kept: kept, Paired: paired, Token: token, Minutes: int(tokenTTL.Minutes())}
		return a.units.RangeDelete(r, a.today, env.MaxChars())
	}
	if in.Confirm == "" {
		if len(doomed) == 0 {
			return answer(nil, ""), nil
		}
		token, err := previewToken(ctx, env, athlete, oldest, newest, in.Category, ids)
		if err != nil {
			return "", err
		}
		return answer(doomed, token), nil
	}
	if env.Confirmations != nil {
		return confirmStored(ctx, env, in, athlete, oldest, newest, ids, func() string { return answer(doomed, "") })
	}
	exp, _, ok := strings.Cut(in.Confirm, ".")
	expiry, err := strconv.ParseInt(exp, 10, 64)
	if !ok || err != nil || !hmac.Equal([]byte(in.Confirm), []byte(rangeToken(athlete, oldest, newest, in.Category, ids, expiry))) {
		return "", manifest.Errorf("the confirmation token does not match this range, these categories and the events now in it (the calendar changed, or the token is from another preview): nothing was deleted; call again without confirm for a fresh preview")
	}
	if env.Time().Unix() > expiry {
		return "", manifest.Errorf("the confirmation token has expired (valid %d minutes): nothing was deleted; call again without confirm for a fresh preview", int(tokenTTL.Minutes()))
	}
	if len(ids) == 0 {
		return answer(nil, ""), nil
	}
	return deleteConfirmed(ctx, env, oldest, newest, ids, nil, func() string { return answer(doomed, "") })
}

// deleteConfirmed asks the user (where the client can), then takes the token (take; nil
// for a signed one, already checked) and deletes ids.
func deleteConfirmed(ctx context.Context, env *toolcall.Env, oldest, newest string, ids []int32, take func() error, done func() string) (string, error) {
	if env.Confirm != nil {
		yes, asked, err := env.Confirm(ctx, fmt.Sprintf("Delete %d events from the calendar (%s to %s)? Sessions paired with recorded activities are kept.", len(ids), oldest, newest))
		if err != nil {
			return "", fmt.Errorf("ask the user to confirm the delete: %w", err)
		}
		if asked && !yes {
			return "The user declined: nothing was deleted.", nil
		}
	}
	if take != nil {
		if err := take(); err != nil {
			return "", err
		}
	}
	body := make(intervals.DeleteEventsBulkJSONRequestBody, len(ids))
	for i, id := range ids {
		body[i] = intervals.DoomedEvent{Id: pointer(id)}
	}
	toolcall.Report(ctx, 0, len(ids), fmt.Sprintf("deleting %d event(s)", len(ids)))
	if _, err := env.Client.DeleteEventsBulkWithResponse(ctx, env.AthleteID, body); err != nil {
		return "", apiFailed(fmt.Sprintf("delete %d events", len(ids)), err)
	}
	toolcall.Report(ctx, len(ids), len(ids), fmt.Sprintf("deleted %d event(s)", len(ids)))
	return done(), nil
}

// deleteSessions deletes planned events by id in one request, after reading every one: it
// refuses, deleting nothing, when any is paired with a recorded activity. delete_event
// calls it for one id or several.
func deleteSessions(ctx context.Context, env *toolcall.Env, refs []sessionRef) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	ids, err := eventIDs(refs)
	if err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", manifest.Errorf("give the ids of the events to delete (from get_events)")
	}
	var events []planEvent
	for _, id := range ids {
		e, err := readEvent(ctx, env, id)
		if err != nil {
			return "", err
		}
		events = append(events, e)
	}
	if err := refusePaired(events, a); err != nil {
		return "", err
	}
	doomed := make([]intervals.DoomedEvent, len(ids))
	for i := range ids {
		doomed[i] = intervals.DoomedEvent{Id: &ids[i]}
	}
	resp, err := env.Client.DeleteEventsBulk(ctx, env.AthleteID, doomed)
	if err == nil {
		err = drain(resp)
	}
	if err != nil {
		return "", fmt.Errorf("delete %d event(s): %w; nothing was deleted if Intervals.icu refused: check with get_events", len(ids), err)
	}
	return a.units.Deleted(sessions(events), a.today, env.MaxChars()), nil
}
