package format

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func ptr[T any](v T) *T { return &v }

// wantAll fails t for each of wants that got does not contain.
func wantAll(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
}

// wantNone fails t for each of bads that got contains.
func wantNone(t *testing.T, got string, bads ...string) {
	t.Helper()
	for _, bad := range bads {
		if strings.Contains(got, bad) {
			t.Errorf("%q should not be in:\n%s", bad, got)
		}
	}
}

func TestMissingIsNeverShownAsZero(t *testing.T) {
	w := intervals.Wellness{Id: ptr("2026-11-30"), Ctl: ptr(float32(40)), Atl: ptr(float32(45))}
	got := Wellness([]intervals.Wellness{w}, "2026-11-30", "2026-11-30", 4000)
	for _, bad := range []string{"weight 0", "resting HR 0", "HRV 0", "sleep 0", "soreness 0"} {
		if strings.Contains(got, bad) {
			t.Errorf("missing value shown as zero (%q) in:\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "Not recorded on any day: weight, resting HR, HRV, sleep") {
		t.Errorf("missing metrics should be named as missing:\n%s", got)
	}
	a := intervals.Activity{Id: ptr("i1"), Type: ptr("Ride"), StartDateLocal: ptr("2026-11-30T07:00:00")}
	line := metric.ActivityLine(a)
	if strings.Contains(line, "load 0") || strings.Contains(line, "0.00 km") || !strings.Contains(line, "no time, distance or load recorded") {
		t.Errorf("an activity without figures should say so, got %q", line)
	}
	still := metric.Activity(intervals.Activity{Id: ptr("i2"), Type: ptr("Run"), StartDateLocal: ptr("2026-11-30T07:00:00"), MovingTime: ptr(int32(600)), AverageSpeed: ptr(float32(0)), Gap: ptr(float32(0))}, 4000)
	if strings.Contains(still, "Pace") {
		t.Errorf("a run without speed has no pace to show:\n%s", still)
	}
	e := intervals.Event{Category: ptr(intervals.EventCategory("NOTE")), Name: ptr("Rest"), StartDateLocal: ptr("2026-11-30T00:00:00")}
	if line := metric.EventLine(e, "", time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)); strings.Contains(line, "id 0") {
		t.Errorf("an event without an id should show none, got %q", line)
	}
}

func TestHeartRateDropoutIsMissingNotZero(t *testing.T) {
	hr := []any{120.0, 0.0, 0.0, 130.0}
	got := metric.Streams("i1", []intervals.ActivityStream{{Type: ptr("heartrate"), Data: hr}}, "Run", StreamZones{}, 10, 4000)
	if !strings.Contains(got, "min 120") || !strings.Contains(got, "2 of 4 samples missing") {
		t.Errorf("0 bpm samples should be missing, got:\n%s", got)
	}
}

func TestStravaStubSaidUnavailable(t *testing.T) {
	stub := intervals.Activity{Id: ptr("16639341172"), Source: ptr(intervals.ActivitySourceSTRAVA), StartDateLocal: ptr("2025-12-03T15:43:42")}
	for name, got := range map[string]string{
		"list":   metric.ActivityLine(stub),
		"detail": metric.Activity(stub, 4000),
	} {
		if !strings.Contains(got, "not available through the Intervals.icu API") {
			t.Errorf("%s: the Strava stub should be said unavailable: %q", name, got)
		}
		if strings.Contains(got, "0:00") || strings.Contains(got, "load 0") {
			t.Errorf("%s: a stub must not show zeros: %q", name, got)
		}
	}
}

func TestBudgetCutSaysWhatWasCut(t *testing.T) {
	var acts []intervals.Activity
	for i := range 50 {
		acts = append(acts, intervals.Activity{Id: ptr(fmt.Sprintf("i%d", i)), Type: ptr("Ride"), Name: ptr("Endurance ride"),
			StartDateLocal: ptr("2026-11-01T07:00:00"), MovingTime: ptr(int32(3600)), IcuTrainingLoad: ptr(int32(50))})
	}
	const max = 1000
	got := metric.Activities(acts, "2026-10-01", "2026-11-30", max)
	if n := len([]rune(got)); n > max {
		t.Errorf("answer has %d characters, budget %d", n, max)
	}
	lines := strings.Split(got, "\n")
	shown := len(lines) - 3 // head, the columns' names and the cut line
	want := fmt.Sprintf("… %d more activities; narrow the range or lower limit", 50-shown)
	if lines[len(lines)-1] != want {
		t.Errorf("last line = %q, want %q", lines[len(lines)-1], want)
	}
}

// TestListNeverExceedsItsBudget: the cut line counts toward the budget (a tail used to be
// kept after it as if it took no room) and a head longer than the budget is clipped.
func TestActivitiesAtTheirLimitSayOlderMayExist(t *testing.T) {
	var acts []intervals.Activity
	for i := range 30 {
		acts = append(acts, intervals.Activity{Id: ptr(fmt.Sprintf("i%d", i)), Type: ptr("Run"), StartDateLocal: ptr("2026-11-20T07:00:00"), MovingTime: ptr(int32(1800))})
	}
	for _, canRaise := range []bool{true, false} {
		todo := "narrow the range"
		if canRaise {
			todo += " or raise limit"
		}
		if got := metric.ActivitiesUpTo(acts, "2026-11-01", "2026-11-30", 30, canRaise, 4000); !strings.HasSuffix(got, "\n(limit of 30 reached: older activities in the range may exist; "+todo+")") {
			t.Errorf("all shown, limit reached (can raise: %v): want the limit said last:\n%s", canRaise, got)
		}
		// cut by the budget as well: one count, one hint (never "lower limit" and "raise limit")
		const max = 800
		got := metric.ActivitiesUpTo(acts, "2026-11-01", "2026-11-30", 30, canRaise, max)
		lines := strings.Split(got, "\n")
		want := fmt.Sprintf("… %d more activities; older ones in the range may exist past the limit of 30 too; narrow the range", 30-(len(lines)-3))
		if n := len([]rune(got)); n > max || lines[len(lines)-1] != want || strings.Count(got, "limit") != 1 || !strings.HasPrefix(got, "30 activities ") {
			t.Errorf("cut at the limit (can raise: %v): want one count and one hint %q within %d characters (%d):\n%s", canRaise, want, max, n, got)
		}
	}
	if got := metric.ActivitiesUpTo(acts[:29], "2026-11-01", "2026-11-30", 30, true, 4000); strings.Contains(got, "limit of") {
		t.Errorf("under the limit nothing is said:\n%s", got)
	}
}

func TestListNeverExceedsItsBudget(t *testing.T) {
	items := []string{strings.Repeat("a", 60), strings.Repeat("b", 60), strings.Repeat("c", 60), strings.Repeat("d", 60)}
	for _, l := range []List{
		{Head: "head", Items: items, Tail: strings.Repeat("t", 40), Noun: "items", Hint: "narrow the range"},
		{Head: strings.Repeat("h", 300), Items: items, Noun: "items", Hint: "narrow the range"},
	} {
		for _, max := range []int{120, 150, 200} {
			got := l.Render(max)
			if n := len([]rune(got)); n > max {
				t.Errorf("budget %d: %d characters:\n%s", max, n, got)
			}
			if !strings.Contains(got, "more items; narrow the range") && !strings.Contains(got, "more characters cut") {
				t.Errorf("budget %d: the cut is not said:\n%s", max, got)
			}
		}
	}
}

// TestWeekOfStravaStubsIsNotZero: a week whose only activities are Strava stubs has no
// figures to add up; the context says so instead of 0:00, 0.0 km, load 0.
func TestWeekOfStravaStubsIsNotZero(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	stub := intervals.Activity{Id: ptr("123"), Source: ptr(intervals.ActivitySourceSTRAVA), StartDateLocal: ptr("2026-11-30T07:00:00")}
	got := metric.AthleteContext(Context{Now: now, Activities: []intervals.Activity{stub}}, 8000)
	line := ""
	for _, l := range strings.Split(got, "\n") {
		if strings.Contains(l, "(this week so far)") {
			line = l
		}
	}
	if strings.Contains(line, ",0,") || !strings.Contains(line, ",-,-,-,\"no readable activities; 1 from Strava, not available through the API, not counted\"") {
		t.Errorf("this week's line: %q", line)
	}
}

func TestClipSaysHowMuchWasCut(t *testing.T) {
	got := Clip(strings.Repeat("x", 500), 100)
	if len([]rune(got)) > 100 || !strings.HasSuffix(got, "more characters cut)") {
		t.Errorf("Clip = %q", got)
	}
}

// At 22:00 UTC on 30 November it is already 1 December in Sydney: dates must be Sydney's.
func TestLocalDatesAcrossTheUTCDayBoundary(t *testing.T) {
	a := intervals.Activity{Id: ptr("i1"), Type: ptr("Run"), StartDate: ptr("2026-11-30T22:00:00Z"), MovingTime: ptr(int32(1800))}
	if got := metric.ActivityLine(a); !strings.HasPrefix(got, "Tue 2026-12-01 09:00") {
		t.Errorf("activity date should be Sydney's, got %q", got)
	}
	now := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC).In(sydney) // 01:00 on 1 Dec in Sydney
	today := midnight(now)
	yesterday := intervals.Event{Id: ptr(int32(1)), Category: ptr(intervals.EventCategoryWORKOUT), StartDateLocal: ptr("2026-11-30T00:00:00")}
	todays := intervals.Event{Id: ptr(int32(2)), Category: ptr(intervals.EventCategoryWORKOUT), StartDateLocal: ptr("2026-12-01T00:00:00")}
	if got := metric.EventStatus(yesterday, "", today); got != StatusMissed {
		t.Errorf("a session on 30 Nov is missed on 1 Dec Sydney time, got %q", got)
	}
	if got := metric.EventStatus(todays, "", today); got != StatusToDo {
		t.Errorf("a session on 1 Dec is to do on 1 Dec Sydney time, got %q", got)
	}
	if got := metric.EventStatus(yesterday, "i9", today); got != "done (activity i9)" {
		t.Errorf("a paired session is done, got %q", got)
	}
	if got := metric.EventStatus(intervals.Event{Category: ptr(intervals.EventCategoryNOTE), StartDateLocal: ptr("2026-11-01")}, "", today); got != "" {
		t.Errorf("notes have no status, got %q", got)
	}
}

func TestWellnessScalesUseIntervalsLabels(t *testing.T) {
	cases := map[string]string{
		Scale("sleepQuality", 1): "1/4 Great",
		Scale("soreness", 4):     "4/4 Extreme",
		Scale("mood", 4):         "4/4 Grumpy",
		Scale("motivation", 1):   "1/4 Extreme",
		Scale("injury", 2):       "2/4 Niggle",
		Scale("hydration", 3):    "3/4 Poor",
		Scale("stress", 7):       "7",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
	w := intervals.Wellness{Id: ptr("2026-11-30"), Soreness: ptr(int32(2)), Mood: ptr(int32(1))}
	if got := WellnessLine(w); !strings.Contains(got, "soreness 2/4 Avg") || !strings.Contains(got, "mood 1/4 Great") {
		t.Errorf("wellness line should label scores: %q", got)
	}
}

func TestUnits(t *testing.T) {
	miles := Units{Miles: true}
	cases := map[string]string{
		Duration(3725):                   "1:02:05",
		Duration(59):                     "0:59",
		metric.Pace(1000.0/295, "Run"):   "4:55/km",
		metric.Pace(100.0/105, "Swim"):   "1:45/100m",
		miles.Pace(1609.344/480, "Run"):  "8:00/mi",
		metric.Distance(1500, "Swim"):    "1500 m",
		metric.Distance(42195, "Run"):    "42.20 km",
		miles.Distance(1609.344, "Ride"): "1.00 mi",
		metric.Pace(0, "Run"):            "",
	}
	for got, want := range cases {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// TestDoneSessionSaysHowCloseItCame: a done session shows the activity's time, distance and
// load against the plan; what the activity lacks is left out, never shown as 0.
func TestDoneSessionSaysHowCloseItCame(t *testing.T) {
	e := intervals.Event{Id: ptr(int32(5)), Category: ptr(intervals.EventCategory("WORKOUT")), Type: ptr("Run"), Name: ptr("Tempo"),
		StartDateLocal: ptr("2026-11-28T00:00:00"), MovingTime: ptr(int32(3600)), Distance: ptr(float32(12000)), IcuTrainingLoad: ptr(int32(70))}
	full := intervals.Activity{Id: ptr("i9"), Type: ptr("Run"), MovingTime: ptr(int32(3730)), Distance: ptr(float32(12500)), IcuTrainingLoad: ptr(int32(74))}
	if got, want := metric.Achieved(e, full), "did 1:02:10 of 1:00:00, 12.50 km of 12.00 km, load 74 of 70"; got != want {
		t.Errorf("Achieved = %q, want %q", got, want)
	}
	bare := intervals.Activity{Id: ptr("i9"), Type: ptr("Run"), MovingTime: ptr(int32(3730))}
	if got, want := metric.Achieved(e, bare), "did 1:02:10 of 1:00:00"; got != want {
		t.Errorf("Achieved without distance and load = %q, want %q", got, want)
	}
	today := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	out := metric.Events([]intervals.Event{e}, map[int32]string{5: "i9"}, map[string]intervals.Activity{"i9": full}, nil, today, "2026-11-28", "2026-11-28", 4000)
	if !strings.Contains(out, "- done (activity i9)\n  did 1:02:10 of 1:00:00, 12.50 km of 12.00 km, load 74 of 70") {
		t.Errorf("Events:\n%s", out)
	}
}

func TestMondayStartsTheWeek(t *testing.T) {
	for day, want := range map[string]string{"2026-11-29": "2026-11-23", "2026-11-30": "2026-11-30", "2026-12-01": "2026-11-30", "2026-12-06": "2026-11-30"} {
		d, _ := time.Parse("2006-01-02", day)
		if got := Monday(d).Format("2006-01-02"); got != want {
			t.Errorf("Monday(%s) = %s, want %s", day, got, want)
		}
	}
}
