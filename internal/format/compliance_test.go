package format

import (
	"strings"
	"testing"
)

// The team line counts the athletes with a plan who did 90% of its time or more, and says
// each one's share, what was missed and what was done besides the plan.
func TestTeamLineCountsWhoHitNinetyPercent(t *testing.T) {
	got := TeamLine([]AthleteWeek{
		{Name: "Léa", Plan: WeekPlan{Sports: map[string]PlanDone{"Run": {Planned: 4, Done: 2, PlanSecs: 4 * 3600, DoneSecs: 2 * 3600}},
			Missed: []Label{{Category: "WORKOUT", Sport: "Run", Name: "Tempo"}, {Category: "WORKOUT", Sport: "Run", Name: "Long run"}}, MissedOn: []string{"2026-11-24", "2026-11-29"}}},
		{Name: "Marc", Plan: WeekPlan{Sports: map[string]PlanDone{"Ride": {Planned: 3, Done: 3, PlanSecs: 3 * 3600, DoneSecs: 3 * 3600}},
			Unplanned: SportVolume{Count: 1, Secs: 3600}}},
		{Name: "Zoé", Plan: WeekPlan{Sports: map[string]PlanDone{"Swim": {Planned: 2, Done: 2, PlanSecs: 7200, DoneSecs: 6500}}}},
		{Name: "Noa"},
		{Name: "Eli", Err: "401"},
	})
	want := "Last full week (Monday-Sunday in each athlete's time zone): 2 of 3 with a plan hit 90% of planned time. Léa 50%, 2 missed (Tue 2026-11-24 Run \"Tempo\", Sun 2026-11-29 Run \"Long run\"); Marc 100%, +1 unplanned (133% in all); Zoé 90%; Noa no plan; Eli not read."
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// An athlete's words are what they wrote, an activity a line (notes and comments), cut to
// the budget with a count of the rest; RPE and feel are figures, in one line of ratings.
func TestAthleteWordsAreWhatTheyWroteCutWithACount(t *testing.T) {
	ws := []Words{
		{Date: "2026-11-26", Sport: "Run", Name: "Easy", Note: "calf tight", RPE: 8, Feel: 4, Comments: []string{"will foam roll"}},
		{Date: "2026-11-25", Sport: "Run", Name: "Hills", Comments: []string{"windy, legs heavy on the climbs"}},
		{Date: "2026-11-24", Sport: "Run", Name: "Tempo", RPE: 6},
		{Date: "2026-11-23", Sport: "Ride", Name: "Spin", Feel: 2},
		{Date: "2026-11-27", Chat: true, Comments: []string{"slept badly", "ok now"}},
	}
	got := AthleteWords(ws, 4000)
	for _, w := range []string{"Ratings on last week's activities: RPE 7.0/10 mean of 2 (6-8); feel 3.0/5 mean of 2 (2-4).\n",
		`- Thu 2026-11-26 Run "Easy": note "calf tight"; comment "will foam roll"` + "\n",
		`- Fri 2026-11-27 chat: message "slept badly"; message "ok now"`} {
		if !strings.Contains(got, w) {
			t.Errorf("want %q in:\n%s", w, got)
		}
	}
	if strings.Contains(got, `"Tempo"`) || strings.Contains(got, `"Spin"`) {
		t.Errorf("an activity with a rating alone is listed as words:\n%s", got)
	}
	if cut := AthleteWords(ws, 340); !strings.Contains(cut, "more entries") || len([]rune(cut)) > 340 {
		t.Errorf("cut to 340: %d characters\n%s", len([]rune(cut)), cut)
	}
	// What a coach reads first is named before the words, with the words that make it so.
	if w := "Worth reading first: Thu 2026-11-26 Run \"Easy\" (calf, tight); Wed 2026-11-25 Run \"Hills\" (heavy); Fri 2026-11-27 chat (slept).\nTheir words"; !strings.Contains(got, w) {
		t.Errorf("want %q in:\n%s", w, got)
	}
}
