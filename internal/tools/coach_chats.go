package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The coach's review reads, beside the notes and comments on activities, what each athlete
// wrote to the coach in their direct chat (Intervals.icu's Chats: listChats once for the
// coach's account, listMessages for each athlete's thread) since the last full week's Monday.
// A credential that may not read chats (an OAuth sign-in grants no CHATS scope) is said so
// in one line; the review goes on without them.

// chatPages bounds how many pages of 100 messages one athlete's thread is read back over.
const chatPages = 3

// coachChats are the coach's direct chats, each with the other member's id, and why they
// could not be read ("" when they were).
type coachChats struct {
	threads []chatThread
	unread  string
}

// chatThread is a direct chat: its id, and the athlete the coach talks to in it.
type chatThread struct {
	id      int32
	athlete string
}

// readCoachChats lists the account's direct chats (env.AthleteID is the account's own).
func readCoachChats(ctx context.Context, env *toolcall.Env) coachChats {
	var out coachChats
	resp, err := env.Client.ListChatsWithResponse(ctx, env.AthleteID)
	if err != nil {
		out.unread = "Chats not read (" + chatRefusal(err) + "): the athletes' words below are their notes and comments on activities only."
		return out
	}
	var list []intervals.Chat
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		out.unread = fmt.Sprintf("Chats not read (Intervals.icu answered %d without a list): the athletes' words below are their notes and comments on activities only.", resp.StatusCode())
		return out
	}
	for _, c := range list {
		if c.Id == nil || (c.Type != nil && *c.Type != intervals.ChatTypePRIVATE) {
			continue
		}
		other := deref(c.OtherAthleteId)
		if other == "" && c.Members != nil {
			for _, m := range *c.Members {
				if id := deref(m.AthleteId); !toolcall.SameAthlete(id, env.AthleteID) && !toolcall.SameAthlete(id, deref(c.AthleteId)) {
					other = id
				}
			}
		}
		if other != "" {
			out.threads = append(out.threads, chatThread{*c.Id, other})
		}
	}
	return out
}

// chatRefusal is why a chat read failed, in a few words: a refusal of the credential is
// told as such, anything else as the error says.
func chatRefusal(err error) string {
	var ie *intervals.Error
	switch {
	case errors.As(err, &ie) && (ie.Status == 401 || ie.Status == 403):
		return fmt.Sprintf("Intervals.icu answered %d: this sign-in or key may not read chats", ie.Status)
	case errors.As(err, &ie):
		return fmt.Sprintf("Intervals.icu answered %d", ie.Status)
	}
	return "Intervals.icu could not be reached or answered badly; try again in a moment"
}

// chatWords are what the athlete wrote in their chat with the coach from the local date
// since (YYYY-MM-DD) on, one Words a day, oldest first; note says why the thread could not
// be read ("" when it was, or when there is none).
func chatWords(ctx context.Context, env *toolcall.Env, chats coachChats, ath *athleteCtx, since string) (ws []format.Words, note string) {
	at := slices.IndexFunc(chats.threads, func(t chatThread) bool { return toolcall.SameAthlete(t.athlete, ath.ID) })
	if at < 0 {
		return nil, ""
	}
	id := chats.threads[at].id
	byDay := map[string][]string{}
	var before *int64
	limit := int32(100)
	for page := 0; page < chatPages; page++ {
		resp, err := env.Client.ListMessagesWithResponse(ctx, id, &intervals.ListMessagesParams{Limit: &limit, BeforeId: before})
		if err != nil {
			return nil, "Their chat with the coach not read (" + chatRefusal(err) + "): the words above are from activities only."
		}
		msgs := deref(resp.JSON200)
		older := false
		for _, m := range msgs {
			if m.Id != nil && (before == nil || *m.Id < *before) {
				oldest := *m.Id
				before = &oldest
			}
			if m.Created == nil {
				continue
			}
			d := m.Created.Time.In(ath.Location).Format(ymd)
			if d < since {
				older = true
				continue
			}
			text := strings.TrimSpace(deref(m.Content))
			if text == "" || m.Deleted != nil || (m.Type != nil && *m.Type != intervals.MessageTypeTEXT) || !toolcall.SameAthlete(deref(m.AthleteId), ath.ID) {
				continue
			}
			byDay[d] = append(byDay[d], text)
		}
		if older || len(msgs) < int(limit) {
			break
		}
	}
	for _, d := range slices.Sorted(maps.Keys(byDay)) {
		msgs := byDay[d]
		slices.Reverse(msgs) // listed newest first: each day's messages in the order written
		ws = append(ws, format.Words{Date: d, Chat: true, Comments: msgs})
	}
	return ws, ""
}
