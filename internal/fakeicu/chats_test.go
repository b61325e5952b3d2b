package fakeicu

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// The coach's direct chats: listed from the coach's side, named for the athlete, their
// messages newest first within limit and beforeId; another's chat is not found.
func TestCoachChats(t *testing.T) {
	now := time.Date(2026, 12, 2, 1, 0, 0, 0, time.UTC)
	f := New(Options{Now: func() time.Time { return now }})
	c := client(t, f)
	chats, err := c.ListChatsWithResponse(ctx, "0")
	mustOK(t, "listChats", err)
	var yuki *intervals.Chat
	var others []string
	for i, ch := range *chats.JSON200 {
		others = append(others, deref(ch.OtherAthleteId))
		if deref(ch.OtherAthleteId) == "i100004" {
			yuki = &(*chats.JSON200)[i]
		}
	}
	if yuki == nil || deref(yuki.Name) != "Yuki Tanaka" || deref(yuki.Type) != intervals.ChatTypePRIVATE || len(deref(yuki.Members)) != 2 {
		t.Fatalf("listChats = %s, want a private chat with Yuki Tanaka (i100004)", chats.Body)
	}
	if slices.Contains(others, "i100003") || len(others) != 2 {
		t.Errorf("chats with %v, want Camille's and Yuki's only", others)
	}
	msgs, err := c.ListMessagesWithResponse(ctx, *yuki.Id, nil)
	mustOK(t, "listMessages", err)
	got := *msgs.JSON200
	if len(got) != 3 || deref(got[1].Content) != synth.SleepMessage || deref(got[1].AthleteId) != "i100004" || deref(got[0].Id) < deref(got[1].Id) {
		t.Fatalf("listMessages = %s, want 3 messages newest first, Yuki's in the middle", msgs.Body)
	}
	// Monday of the last full week in Tokyo is 2026-11-23: her message is that Wednesday night.
	if d := deref(got[1].Created).Time.In(time.FixedZone("JST", 9*3600)).Format("2006-01-02 15"); d != "2026-11-25 22" {
		t.Errorf("Yuki's message created %s (Tokyo), want 2026-11-25 22", d)
	}
	two, err := c.ListMessagesWithResponse(ctx, *yuki.Id, &intervals.ListMessagesParams{Limit: ptr(int32(2)), BeforeId: got[0].Id})
	mustOK(t, "listMessages", err)
	if g := *two.JSON200; len(g) != 2 || deref(g[0].Id) != deref(got[1].Id) || deref(g[1].Id) != deref(got[2].Id) {
		t.Errorf("listMessages limit 2 before %d = %s, want the two older", deref(got[0].Id), two.Body)
	}
	for _, path := range []string{"/api/v1/chats/999/messages", fmt.Sprintf("/api/v1/chats/%d", 999)} {
		if code, body := call(t, f, "GET", path, ""); code != 404 {
			t.Errorf("GET %s = %d %s, want 404", path, code, body)
		}
	}
	show := mustStatus(t, f, 200, "GET", fmt.Sprintf("/api/v1/chats/%d", *yuki.Id), "")
	if ch := decode[intervals.Chat](t, show); deref(ch.OtherAthleteId) != "i100004" {
		t.Errorf("showChat = %s", show)
	}
}
