package tools

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// TestCoachModeEveryToolUsesTheCallsAthlete makes every sample call for a coached athlete:
// each call sends its requests for that athlete only, every write tool writes, and its
// writes land in that athlete's data (or on that athlete's activity), never the coach's (a
// known bug of other servers: some tools ignore the athlete).
func TestCoachModeEveryToolUsesTheCallsAthlete(t *testing.T) {
	const who = "i100002"
	f, c := startFake(t, samples.Now)
	coach := worldAthlete(t, f, fakeicu.DemoAthleteID)
	run := newSampleRun(t, f, c, who, samples.Now)
	ran, wrote := map[string]bool{}, map[string]bool{}
	for _, call := range samples.Calls {
		if call.Fault != "" || run.lacks(call) {
			continue
		}
		ran[call.Tool] = true
		f.TakeRequests()
		before := len(f.Writes())
		if _, err := run.run(call, 0); err != nil {
			t.Errorf("%s %s for %s: %v", call.Tool, call.Case, who, err)
		}
		for _, r := range f.TakeRequests() {
			if strings.Contains(r.Path, "/athlete/") && !strings.Contains(r.Path, "/athlete/"+who) {
				t.Errorf("%s %s for %s sent %s %s", call.Tool, call.Case, who, r.Method, r.Path)
			}
		}
		wrote[call.Tool] = wrote[call.Tool] || len(f.Writes()) > before
	}
	for _, tool := range All() {
		if !ran[tool.Name] {
			t.Errorf("%s: no sample call could be made for %s (it lacks the data)", tool.Name, who)
		}
		if tool.Access != manifest.Read && !wrote[tool.Name] {
			t.Errorf("%s (%s) wrote nothing for %s", tool.Name, tool.Access, who)
		}
	}
	for _, w := range f.Writes() {
		switch {
		case strings.Contains(w.Path, "/athlete/") && !strings.Contains(w.Path, "/athlete/"+who+"/"):
			t.Errorf("write to another athlete: %s %s", w.Method, w.Path)
		case strings.HasPrefix(w.Path, "/api/v1/activity/") && !strings.HasPrefix(w.Path, "/api/v1/activity/"+run.values["run"]+"/") && w.Path != "/api/v1/activity/"+run.values["run"]:
			t.Errorf("write to an activity that is not %s's: %s %s", who, w.Method, w.Path)
		}
	}
	if d := cmp.Diff(coach, worldAthlete(t, f, fakeicu.DemoAthleteID)); d != "" {
		t.Errorf("the coach's own data changed (-before +after):\n%s", d)
	}
	// What log_metrics sent is in the coached athlete's wellness on the athlete's own today.
	loc, err := time.LoadLocation(*worldAthlete(t, f, who).Profile.Timezone)
	if err != nil {
		t.Fatal(err)
	}
	today := samples.Now.In(loc).Format("2006-01-02")
	resp, err := c.ListWellnessRecordsWithResponse(context.Background(), who, "", &intervals.ListWellnessRecordsParams{Oldest: &today, Newest: &today})
	if err != nil || resp.JSON200 == nil || len(*resp.JSON200) != 1 {
		t.Fatalf("%s's wellness on %s: %v", who, today, err)
	}
	if w := (*resp.JSON200)[0]; w.Weight == nil || *w.Weight != 71.4 {
		t.Errorf("%s's weight on %s is %v, want the 71.4 log_metrics sent", who, today, w.Weight)
	}
}

// TestCoachModeRefusesAnAthleteNotCoached makes every sample call for an athlete the
// account does not coach: each call that asks for that athlete's data is refused, naming the
// athlete and list_athletes, and writes nothing. (The others are account-wide or offline, or
// a comment, which goes to the activity of its id.)
func TestCoachModeRefusesAnAthleteNotCoached(t *testing.T) {
	const who = "i999999"
	f, c := startFake(t, samples.Now)
	run := newSampleRun(t, f, c, "0", samples.Now) // the demo athlete's ids, called for who
	refused := map[string]bool{}
	for _, call := range samples.Calls {
		if call.Fault != "" {
			continue
		}
		f.TakeRequests()
		before := len(f.Writes())
		_, err := run.runFor(call, who, 0)
		asked := false
		for _, r := range f.TakeRequests() {
			asked = asked || strings.Contains(r.Path, "/athlete/"+who)
		}
		if !asked {
			continue
		}
		refused[call.Tool] = true
		if err == nil || !strings.Contains(err.Error(), "athlete "+who+" is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s %s for %s: want a refusal naming the athlete, got %v", call.Tool, call.Case, who, err)
		}
		if w := f.Writes()[before:]; len(w) != 0 {
			t.Errorf("%s %s for %s: a refused call wrote %+v", call.Tool, call.Case, who, w)
		}
	}
	for _, tool := range All() {
		for _, op := range tool.Operations {
			if o, ok := operationNamed(op); ok && strings.HasPrefix(o.Path, "/api/v1/athlete/{") && !refused[tool.Name] {
				t.Errorf("%s declares %s, on an athlete's data, but none of its calls asked for %s's", tool.Name, op, who)
				break
			}
		}
	}
}

// operationNamed finds an operation of the API by its id.
func operationNamed(id string) (intervals.Operation, bool) {
	for _, op := range intervals.Operations {
		if op.OperationID == id {
			return op, true
		}
	}
	return intervals.Operation{}, false
}

func TestListAthletes(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athletes": `[{"id":"i2","name":"Léa","timezone":"Europe/Paris","city":"Lyon","country":"France","tags":["marathon"]},{"id":"i3","name":"Marc"}]`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "list_athletes").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "- i2; Léa; Europe/Paris; Lyon, France; tags marathon\n- i3; Marc") {
		t.Errorf("answer:\n%s", out)
	}
	golden(t, "list_athletes", "two_athletes", out, nil)
}

// TestCoachReviewOfLastWeekInEachAthletesTimeZone is the coach's "for each of my athletes,
// how did last week compare to the plan?" in one call through an MCP session. At 20:00 UTC
// on Sunday 29 November it is still Sunday in Paris and Denver, whose last full week is
// 16-22 November, and already Monday in Tokyo, whose last full week is 23-29 November. The
// answer opens with the team line; each athlete's last full week says what was done without
// a plan (Camille Martin's unplanned ride, as the fake has it) and the athlete's own words
// (Jordan Rivera's tight calf, named first as worth reading); this week so far is said apart.
func TestCoachReviewOfLastWeekInEachAthletesTimeZone(t *testing.T) {
	now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	f, c := startFake(t, now)
	cs := clientSession(t, newEnv(c, "0", now))
	out, isErr := callText(t, cs, "get_training_volume", map[string]any{"athlete": "all", "weeks": 1})
	if isErr {
		t.Fatal(out)
	}
	if !strings.HasPrefix(out, "Last full week (Monday-Sunday in each athlete's time zone): ") || !strings.Contains(strings.SplitN(out, "\n", 2)[0], "Camille Martin") {
		t.Errorf("the answer does not open with the team line:\n%s", out)
	}
	sections := map[string]string{}
	for _, tc := range []struct{ id, tz, monday, today string }{
		{"i100002", "Europe/Paris", "2026-11-16", "2026-11-29"},
		{"i100003", "America/Denver", "2026-11-16", "2026-11-29"},
		{"i100004", "Asia/Tokyo", "2026-11-23", "2026-11-30"},
	} {
		a := worldAthlete(t, f, tc.id)
		name := deref(a.Profile.Name)
		head := fmt.Sprintf("Training volume of %s, 1 full week %s..%s and this week so far, to %s (weeks start Monday, %s)", name, weekdayDate(tc.monday), weekdayDate(plusDays(tc.monday, 6)), weekdayDate(tc.today), tc.tz)
		i := strings.Index(out, head)
		if i < 0 {
			t.Errorf("%s: no %q in:\n%s", tc.id, head, out)
			continue
		}
		section := out[i:]
		if j := strings.Index(section[1:], "\n\nTraining volume of "); j >= 0 {
			section = section[:j+1]
		}
		sections[tc.id] = section
		if !strings.Contains(section, "- this week so far, "+weekdayDate(plusDays(tc.monday, 7))+": ") {
			t.Errorf("%s: this week is not said apart:\n%s", tc.id, section)
		}
		done, due, _ := planCount(a, tc.monday, tc.today)
		want := fmt.Sprintf("  plan %d/%d, time ", done, due)
		if line := lineWith(section[strings.Index(section, "- "+weekdayDate(tc.monday)):], "  plan "); !strings.HasPrefix(line, want) {
			t.Errorf("%s: last week's plan %q, want it to start %q", tc.id, line, want)
		}
	}
	last := sections["i100002"][strings.Index(sections["i100002"], "- "+weekdayDate("2026-11-16")):]
	if !strings.Contains(lineWith(last, "  plan "), "; unplanned 1× ") || !strings.Contains(out[:strings.Index(out, "\n")], "+1 unplanned") {
		t.Errorf("Camille Martin's unplanned ride is not in the review:\n%s", out)
	}
	jordan := sections["i100003"]
	for _, w := range []string{"Their words (last week's notes and comments, chat since, as written):", fmt.Sprintf("note %q", synth.CalfNote), fmt.Sprintf("comment %q", synth.CalfComment), "Ratings on last week's activities: RPE "} {
		if !strings.Contains(jordan, w) {
			t.Errorf("Jordan Rivera's words lack %q:\n%s", w, jordan)
		}
	}
	// What is worth reading first is named, briefly, before the words, with the words that
	// make it so: Jordan's tight calf, Yuki's sleep and stress in her chat with the coach and
	// her heavy legs on a run; Camille wrote of neither, in her notes or in chat.
	for id, want := range map[string]string{"i100002": "", "i100003": `Wed 2026-11-18 Run "Easy Run" (calf, tight)`,
		"i100004": `Wed 2026-11-25 chat (sleeping, stress); Sun 2026-11-29 Run "Easy Run" (heavy)`} {
		got := regexp.MustCompile(`\nWorth reading first: (.*)\.\nTheir words`).FindStringSubmatch(sections[id])
		if want == "" && got != nil || want != "" && (got == nil || got[1] != want) {
			t.Errorf("%s: worth reading first %q, want %q:\n%s", id, got, want, sections[id])
		}
	}
	// What an athlete wrote to the coach in chat is among their words, dated; the coach's own
	// messages and those before the last full week are not.
	if want := fmt.Sprintf("- Wed 2026-11-25 chat: message %q", synth.SleepMessage); !strings.Contains(sections["i100004"], want) {
		t.Errorf("Yuki Tanaka's chat message is not among her words (%q):\n%s", want, sections["i100004"])
	}
	if strings.Contains(out, "Keep Saturday") || strings.Contains(out, "Thanks for telling me") || strings.Contains(out, "Back from the trip") {
		t.Errorf("the coach's own chat messages, or one from before the week, are given as the athletes' words:\n%s", out)
	}
	// Their words are what they wrote: an RPE or a feel is a figure, never a line of words.
	for _, section := range sections {
		words := section[strings.Index(section, "Their words"):]
		for _, l := range strings.Split(words, "\n")[1:] {
			if strings.HasPrefix(l, "- ") && !strings.Contains(l, `note "`) && !strings.Contains(l, `comment "`) && !strings.Contains(l, `message "`) {
				t.Errorf("a line of words without words: %q", l)
			}
		}
	}
	// Each missed session is named in the team line: its day and name.
	team := out[:strings.Index(out, "\n")]
	for _, m := range regexp.MustCompile(`(\d+) missed( \(([^)]*)\))?`).FindAllStringSubmatch(team, -1) {
		if n := atoi(t, m[1]); m[3] == "" || strings.Count(m[3], `"`) != 2*n {
			t.Errorf("%s missed, not each named (day and name): %q", m[1], m[0])
		}
	}
	if strings.Contains(out, "Alex Demo") {
		t.Errorf("the coach's own data is among the athletes list_athletes shows:\n%s", out)
	}
	if out, isErr := callText(t, cs, "get_activities", map[string]any{"athlete": "all"}); !isErr || !strings.Contains(out, "athlete") {
		t.Errorf("get_activities for athlete all: %q, want an error about the argument", out)
	}
}

// Chats the credential may not read (an OAuth sign-in grants no CHATS scope) are said so in
// one line, and the review goes on with the notes and comments; a thread that cannot be
// read is said so in the athlete's words.
func TestCoachReviewWithoutChats(t *testing.T) {
	now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	f, c := startFake(t, now)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 403, Operation: "listChats", Count: 1})
	env := newEnv(c, "0", now)
	env.EveryAthlete = true
	out := mustCallTool(t, env, "get_training_volume", map[string]any{"weeks": 1})
	if !strings.HasPrefix(out, "Chats not read (Intervals.icu answered 403: this sign-in or key may not read chats)") ||
		strings.Contains(out, synth.SleepMessage) || !strings.Contains(out, synth.CalfComment) {
		t.Errorf("a refused chat list: want one line saying so, no chat, the comments still:\n%s", out)
	}
	if len([]rune(out)) > env.MaxChars() {
		t.Errorf("%d characters, over the budget of %d", len([]rune(out)), env.MaxChars())
	}
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 404, Operation: "listMessages"})
	out = mustCallTool(t, env, "get_training_volume", map[string]any{"weeks": 1})
	if strings.Count(out, "Their chat with the coach not read (Intervals.icu answered 404)") != 2 || strings.Contains(out, "Chats not read") || !strings.Contains(out, synth.CalfComment) {
		t.Errorf("threads that cannot be read: want it said for Camille and Yuki, the review answered:\n%s", out)
	}
}

// The athletes' words are cut to the answer's budget, and what is cut is counted.
func TestCoachReviewCutsTheWordsToTheBudget(t *testing.T) {
	now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	_, c := startFake(t, now)
	env := newEnv(c, "0", now)
	env.EveryAthlete, env.Budget = true, 3000
	out := mustCallTool(t, env, "get_training_volume", map[string]any{"weeks": 1})
	if len([]rune(out)) > 3000 {
		t.Errorf("%d characters, over the budget of 3000:\n%s", len([]rune(out)), out)
	}
	if !regexp.MustCompile(`… \d+ more entries`).MatchString(out) {
		t.Errorf("no count of the words cut:\n%s", out)
	}
}
