package synth

import (
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// Chat is a direct chat thread between two athletes (Intervals.icu's Chats): who is in it
// and its messages, oldest first. GET /athlete/{id}/chats shows it from either member's
// side (the other member's id and name); GET /chats/{id}/messages lists its messages.
type Chat struct {
	ID       int32
	Members  [2]string // athlete ids
	Messages []api.Message
}

// A coach's direct chats with the athletes they coach: what a coach's weekly review must
// read beside the notes and comments on activities. Yuki Tanaka writes in the chat what she
// wrote on no activity (sleep and stress); Camille Martin's message of the week says nothing
// a coach must read first, and hers before that week (sore legs) is not the week's words;
// nor are the coach's own messages. Made after the rest of the World, so that no other datum moves.

// SleepMessage is Yuki Tanaka's chat message to her coach on the last full week's Wednesday.
const SleepMessage = "Sleeping badly all week, work stress. Did every session but the intervals felt flat."

// chatLine is one message of a chat: its author (index in people()), day from the last full
// week's Monday, local time and text.
type chatLine struct {
	from, dayOff, hour int
	text               string
}

// chatLines are the coach's threads, by coached athlete (index in people()).
var chatLines = map[int][]chatLine{
	1: {
		{1, -3, 20, "Back from the trip, legs sore from the flight."},
		{0, -2, 19, "Welcome back. Keep Saturday's ride steady, no surges."},
		{1, 5, 18, "Long ride done, went a bit longer with the club. Legs good."},
		{0, 5, 21, "Great, enjoy the rest day tomorrow."},
	},
	3: {
		{0, 0, 7, "Easy week for you: keep the runs conversational."},
		{3, 2, 22, SleepMessage},
		{0, 3, 6, "Thanks for telling me. Drop Friday's intervals if it goes on."},
	},
}

// coachChats adds the coach's (the primary's) direct chats with the athletes it coaches,
// each around the athlete's today (by index in w.Athletes).
func coachChats(w *World, n *ids, today []time.Time) {
	ps := people()
	coach := w.Athletes[0]
	chatID := int32(4000)
	for k := 1; k < len(w.Athletes); k++ {
		lines, ok := chatLines[k]
		if !ok {
			continue
		}
		a := w.Athletes[k]
		monday := day(mondayOf(today[k]), -7)
		chatID++
		c := Chat{ID: chatID, Members: [2]string{*coach.Profile.Id, *a.Profile.Id}}
		for _, l := range lines {
			who := ps[l.from]
			n.message++
			c.Messages = append(c.Messages, api.Message{
				Id: ptr(n.message), AthleteId: ptr(who.id), Name: ptr(who.first + " " + who.last),
				Type: ptr(api.MessageTypeTEXT), Content: ptr(l.text),
				Created: stamp(at(day(monday, l.dayOff), l.hour, 10)), Seen: ptr(true),
			})
		}
		w.Chats = append(w.Chats, c)
	}
}
