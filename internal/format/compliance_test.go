package format

import (
	"strings"
	"testing"
)

// The team line counts the athletes with a plan who did 90% of its time or more, and says
// each one's share, what was missed and what was done besides the plan.
func TestTeamLineCountsWhoHitNinetyPercent(t *testing.T) {
	got := TeamLine([]AthleteWeek{
		{Name: "Léa", Plan: WeekPlan{Sports: map[string]PlanDone{"Run": {Planned: 4, Done: 2, PlanSecs: 4 * 3600, DoneSecs: 2 * 3600}}}},
		{Name: "Marc", Plan: WeekPlan{Sports: map[string]PlanDone{"Ride": {Planned: 3, Done: 3, PlanSecs: 3 * 3600, DoneSecs: 3 * 3600}},
			Unplanned: SportVolume{Count: 1, Secs: 3600}}},
		{Name: "Zoé", Plan: WeekPlan{Sports: map[string]PlanDone{"Swim": {Planned: 2, Done: 2, PlanSecs: 7200, DoneSecs: 6500}}}},
		{Name: "Noa"},
		{Name: "Eli", Err: "401"},
	})
	want := "Last full week (Monday-Sunday in each athlete's time zone): 2 of 3 with a plan hit 90% of planned time. Léa 50%, 2 missed; Marc 100%, +1 unplanned (133% in all); Zoé 90%; Noa no plan; Eli not read."
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// An athlete's words are listed an activity a line, and cut to the budget with a count of
// the rest.
func TestAthleteWordsAreCutWithACount(t *testing.T) {
	ws := []Words{
		{Date: "2026-11-26", Sport: "Run", Name: "Easy", Note: "calf tight", RPE: 8, Feel: 4, Comments: []string{"will foam roll"}},
		{Date: "2026-11-24", Sport: "Run", Name: "Tempo", RPE: 6},
		{Date: "2026-11-23", Sport: "Ride", Name: "Spin", Feel: 2},
	}
	got := AthleteWords(ws, 4000)
	if !strings.Contains(got, `- Thu 2026-11-26 Run "Easy": note "calf tight"; comment "will foam roll"; RPE 8/10; feel 4/5 Poor`) {
		t.Errorf("words:\n%s", got)
	}
	if cut := AthleteWords(ws, 160); !strings.Contains(cut, "more activities") || len([]rune(cut)) > 160 {
		t.Errorf("cut to 160: %d characters\n%s", len([]rune(cut)), cut)
	}
}
