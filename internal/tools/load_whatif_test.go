package tools

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestWhatIfWritesNothing(t *testing.T) {
	f, c := startFake(t, fakeNow)
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), newEnv(c, "0", fakeNow), json.RawMessage(`{"sessions":[{"date":"2026-12-02","load":120},{"date":"2026-12-05","duration":"2:00","intensity":0.8}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "What-if: 2 sessions added") || tableCell(t, out, "day", "Wed 2026-12-02", "notes") != "what-if +120" || tableCell(t, out, "day", "Sat 2026-12-05", "notes") != "what-if +128" {
		t.Fatalf("what-if sessions not projected:\n%s", out)
	}
	// The week's planned total counts them.
	plain, err := toolNamed(t, "get_training_load").Run(context.Background(), newEnv(c, "0", fakeNow), nil)
	if err != nil {
		t.Fatal(err)
	}
	without, with := tableCell(t, plain, "week", "Mon 2026-11-30", "load planned"), tableCell(t, out, "week", "Mon 2026-11-30", "load planned")
	if without == "" || with == "" {
		t.Fatalf("no line for the week of Mon 2026-11-30:\n%s\n%s", plain, out)
	}
	a, _ := strconv.Atoi(without)
	b, _ := strconv.Atoi(strings.Fields(with)[0])
	if b != a+248 || !strings.Contains(with, "(what-if 248)") {
		t.Errorf("the week's planned load is %d with the what-if sessions, %d without: want %d more, said", b, a, 248)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Fatalf("what-if wrote to Intervals.icu: %+v", w)
	}
}

func TestTrainingLoadWhatIfAddsSessions(t *testing.T) {
	s := handModel()
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	// An hour at intensity 0.9 is 81; Friday then starts from Thursday's 40.94 / 36.66.
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":4,"sessions":[{"date":"2026-12-04","duration":"1:00","intensity":90}]}`))
	if err != nil {
		t.Fatal(err)
	}
	k, k2 := 1-math.Exp(-1.0/42), 1-math.Exp(-1.0/7)
	fit := 40.9411 + (81-40.9411)*k
	fat := 36.6561 + (81-36.6561)*k2
	wantRow(t, out, "day", "Fri 2026-12-04", map[string]string{"load": "81", "fitness": strconv.FormatFloat(fit, 'f', 1, 64),
		"fatigue": strconv.FormatFloat(fat, 'f', 1, 64), "notes": "what-if +81"})
	if !strings.Contains(out, "nothing was saved") {
		t.Fatalf("what-if not said unsaved:\n%s", out)
	}
	for _, r := range s.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("what-if sent %s", r)
		}
	}
}
