package fakeicu

import (
	"net/http"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// Direct chats (synth.Chat): listed from a member's side, read by their members only.

// ListChats answers GET /athlete/{id}/chats: the athlete's direct chats, newest first, each
// named for the other member (other_athlete_id, name) with its messages from the other
// member not yet seen (new_message_count).
func (s *server) ListChats(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		out := []api.Chat{}
		for i := range st.w.Chats {
			if c, ok := chatFor(st, &st.w.Chats[i], a); ok {
				out = append(out, c)
			}
		}
		slices.SortStableFunc(out, func(x, y api.Chat) int { return deref(y.Updated).Time.Compare(deref(x.Updated).Time) })
		writeJSON(w, http.StatusOK, out)
	})
}

// ShowChat answers GET /chats/{id}, for a member of the chat.
func (s *server) ShowChat(w http.ResponseWriter, r *http.Request, id int32) {
	s.withChat(w, r, id, func(st *store, me *synth.Athlete, c *synth.Chat) {
		out, _ := chatFor(st, c, me)
		writeJSON(w, http.StatusOK, out)
	})
}

// ListMessages answers GET /chats/{id}/messages: most recent first, up to limit (default 30,
// at most 100), older than beforeId when given.
func (s *server) ListMessages(w http.ResponseWriter, r *http.Request, id int32, p api.ListMessagesParams) {
	limit := 30
	if p.Limit != nil {
		limit = min(max(int(*p.Limit), 1), 100)
	}
	s.withChat(w, r, id, func(_ *store, _ *synth.Athlete, c *synth.Chat) {
		out := []api.Message{}
		for i := len(c.Messages) - 1; i >= 0 && len(out) < limit; i-- {
			if m := c.Messages[i]; p.BeforeId == nil || deref(m.Id) < *p.BeforeId {
				out = append(out, m)
			}
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// withChat runs fn on a chat the caller is a member of, under the read lock; another's
// chat, or none with the id, is answered 404 (a chat's existence is not told to others).
func (s *server) withChat(w http.ResponseWriter, r *http.Request, id int32, fn func(st *store, me *synth.Athlete, c *synth.Chat)) {
	s.locked(false, func(st *store) {
		me := st.self(r)
		for i := range st.w.Chats {
			if c := &st.w.Chats[i]; c.ID == id && me != nil && slices.Contains(c.Members[:], deref(me.Profile.Id)) {
				fn(st, me, c)
				return
			}
		}
		writeErrorf(w, http.StatusNotFound, "Chat %d not found", id)
	})
}

// chatFor is a chat as a member sees it; ok is false when a is not in it.
func chatFor(st *store, c *synth.Chat, a *synth.Athlete) (api.Chat, bool) {
	self := deref(a.Profile.Id)
	if !slices.Contains(c.Members[:], self) {
		return api.Chat{}, false
	}
	other := c.Members[0]
	if other == self {
		other = c.Members[1]
	}
	o := st.athlete(other)
	if o == nil {
		return api.Chat{}, false
	}
	unseen := int32(0)
	var seen int64
	for _, m := range c.Messages {
		if deref(m.AthleteId) != self && !deref(m.Seen) {
			unseen++
		} else if seen == 0 || deref(m.Id) > seen {
			seen = deref(m.Id)
		}
	}
	out := api.Chat{
		Id: ptr(c.ID), Type: ptr(api.ChatTypePRIVATE), Name: o.Profile.Name, AthleteId: ptr(self),
		OtherAthleteId: ptr(other), OtherAthleteSex: o.Profile.Sex, NewMessageCount: ptr(unseen),
		LastSeenMessageId: ptr(seen),
		Members: &[]api.ChatMember{
			{AthleteId: a.Profile.Id, Name: a.Profile.Name},
			{AthleteId: o.Profile.Id, Name: o.Profile.Name},
		},
	}
	if n := len(c.Messages); n > 0 {
		out.Updated = c.Messages[n-1].Created
	}
	return out, true
}
