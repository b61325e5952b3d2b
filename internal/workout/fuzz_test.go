package workout

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var sports = []Sport{Ride, Run, Swim, Other}

var fuzzSeeds = []string{
	"",
	"- 10m 75%",
	"Warmup\n- 10m ramp 50%-75% 90rpm\n\nMain Set 5x\n- 3m 120% 100rpm\n- 2m Z1 85rpm\n\n- 10m 50%",
	"- 400m 4:30/km\n3x\n- 1m 300%\nCooldown\n- 10min easy",
	"- RPE9 - not quite all out 2m 315w - 330w press lap",
	"- 0.8km 20% Pace\n- 1mi 7:30/mi Pace\n- 200yrd 1:30/100y Pace\n- 5:00 Pace",
	"- 15m 60% MMP 5m\n- 1m30 Z3-Z4 HR\n- 5' 82-88% LTHR\n- 1'30\" 4:30-4:50/km pace",
	"Z2.E7 // FatMax // 3x 20 (10) mins [60]\n\n2x\n- 20m 70%\n- 10m 50%\n",
	"1001x\n- 99999999999999999999h Z99\n- 0.0000001km ramp 1:00-2:00/km Pace",
}

// FuzzParse: Parse never panics on any text, and steps built from any numbers
// parse back to the same durations, distances, targets and repeats.
func FuzzParse(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, uint32(600+i*37), uint16(75), uint16(90), uint8(i), uint8(i%4))
	}
	f.Fuzz(func(t *testing.T, text string, length uint32, a, b uint16, kind, reps uint8) {
		for _, sp := range sports {
			_, _ = Parse(sp, text)
		}
		sport, step, want := numericStep(length, a, b, kind)
		steps, wants := []Step{step}, []Step{want}
		if reps%3 == 2 {
			steps = []Step{{Label: "Main set", Repeat: int(reps%7) + 2, Steps: steps}}
			wants = []Step{{Label: "Main set", Repeat: int(reps%7) + 2, Steps: wants}}
		}
		out, err := Build(sport, steps, testTh)
		if err != nil {
			t.Fatalf("Build(%s, %+v): %v", sport, steps, err)
		}
		w, err := Parse(sport, out)
		if err != nil {
			t.Fatalf("Parse(%q): %v", out, err)
		}
		if diff := cmp.Diff(wants, w.Plain()); diff != "" {
			t.Fatalf("%q round trip (-want +got):\n%s", out, diff)
		}
	})
}

// numericStep makes a valid plain step from fuzzed numbers, with the canonical
// plain form Parse(...).Plain() must give back.
func numericStep(length uint32, a, b uint16, kind uint8) (Sport, Step, Step) {
	secs := int(length%86400) + 1
	lo, hi := int(a%300)+1, int(b%300)+1
	z1, z2 := lo%7+1, hi%7+1
	dur := (time.Duration(secs) * time.Second)
	in := Step{Duration: fmt.Sprintf("%ds", secs)}
	want := Step{Duration: fmtClock(dur)}
	if kind&1 == 1 {
		metres := int(length%100000) + 1
		in = Step{Distance: fmt.Sprintf("%dm", metres)}
		want = Step{Distance: fmt.Sprintf("%dm", metres)}
	}
	rng := func(unit string) (string, string) {
		if lo == hi {
			return fmt.Sprintf("%d%s", lo, unit), fmt.Sprintf("%d%s", lo, unit)
		}
		return fmt.Sprintf("%d-%d%s", lo, hi, unit), fmt.Sprintf("%d-%d%s", lo, hi, unit)
	}
	zone := func(q string) (string, string) {
		if z1 == z2 {
			return fmt.Sprintf("Z%d%s", z1, q), fmt.Sprintf("Z%d%s", z1, q)
		}
		return fmt.Sprintf("Z%d-Z%d%s", z1, z2, q), fmt.Sprintf("Z%d-Z%d%s", z1, z2, q)
	}
	pace := func(s int) string { return fmt.Sprintf("%d:%02d", s/60, s%60) }
	sport := Ride
	switch kind / 2 % 10 {
	case 0:
		in.Target, want.Target = rng("% FTP")
	case 1:
		in.Target, want.Target = rng("W")
	case 2:
		in.Target, want.Target = zone("")
	case 3:
		in.Target, want.Target = zone(" HR")
	case 4:
		in.Target, want.Target = rng("% LTHR")
	case 5:
		in.Target, _ = rng("bpm")
		pct := func(bpm int) int { return int(math.Round(float64(bpm) / testTh.LTHR * 100)) }
		want.Target = fmt.Sprintf("%d-%d%% LTHR", pct(lo), pct(hi))
		if pct(lo) == pct(hi) {
			want.Target = fmt.Sprintf("%d%% LTHR", pct(lo))
		}
	case 6:
		sport = Run
		in.Target, want.Target = rng("% pace")
	case 7:
		sport = Run
		in.Target, want.Target = zone(" pace")
	case 8:
		sport = Swim
		in.Target = pace(lo+30) + "-" + pace(hi+30) + "/100m"
		want.Target = in.Target
		if lo == hi {
			in.Target, want.Target = pace(lo+30)+"/100m", pace(lo+30)+"/100m"
		}
	case 9:
		in.Target, want.Target = rng("% maxHR")
		if lo != hi {
			in.Target, want.Target = "ramp "+in.Target, "ramp "+want.Target
		}
	}
	if kind&1 == 1 && sport == Ride {
		in.Cadence, want.Cadence = fmt.Sprintf("%drpm", lo), fmt.Sprintf("%drpm", lo)
	}
	return sport, in, want
}

// FuzzCheck: Check never panics; its problems are well formed and agree with
// Parse; and text that parses is written back (text) to text that parses to the
// same tree.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, uint8(0))
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, text string, sp uint8) {
		sport := sports[int(sp)%len(sports)]
		sum, problems := Check(sport, text, testTh)
		lines := len(strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n"))
		errs := 0
		for _, p := range problems {
			if p.Message == "" || p.Line < 0 || p.Line > lines || (p.Severity != SeverityError && p.Severity != SeverityWarning) {
				t.Fatalf("malformed problem %+v", p)
			}
			if p.Severity == SeverityError {
				errs++
			}
		}
		if sum.Duration < 0 || sum.Load < 0 || math.IsNaN(sum.Load) || math.IsInf(sum.Load, 0) || sum.Steps < 0 {
			t.Fatalf("bad summary %+v", sum)
		}
		w, err := Parse(sport, text)
		if (err == nil) != (errs == 0) {
			t.Fatalf("Parse error %v but Check found %d errors: %v", err, errs, problems)
		}
		if err != nil {
			return
		}
		again, err := Parse(sport, text2(w))
		if err != nil {
			t.Fatalf("rewritten text %q does not parse: %v", text2(w), err)
		}
		if !sameTree(w.Steps, again.Steps) {
			t.Fatalf("rewritten text %q parses differently:\n%+v\n%+v", text2(w), w.Steps, again.Steps)
		}
	})
}

func text2(w *Workout) string { return text(w.Steps) }

// sameTree compares parsed trees, ignoring line numbers and sections, with
// tolerance for the rounding of written numbers.
func sameTree(a, b []Node) bool {
	if len(a) != len(b) {
		return false
	}
	near := func(x, y, tol float64) bool { return math.Abs(x-y) <= tol*math.Max(1, math.Abs(x)) }
	for i := range a {
		x, y := a[i], b[i]
		if x.Label != y.Label || x.Repeat != y.Repeat || x.DistanceUnit != y.DistanceUnit ||
			x.Target.Kind != y.Target.Kind || x.Target.Ramp != y.Target.Ramp || x.Target.PaceUnit != y.Target.PaceUnit ||
			!near(x.Duration.Seconds(), y.Duration.Seconds(), 1e-3) || !near(x.Distance, y.Distance, 1e-6) ||
			!near(x.Target.MMP.Seconds(), y.Target.MMP.Seconds(), 1e-3) ||
			!near(x.Target.Low, y.Target.Low, 0.06) || !near(x.Target.High, y.Target.High, 0.06) ||
			!near(x.Cadence.Low, y.Cadence.Low, 1e-6) || !near(x.Cadence.High, y.Cadence.High, 1e-6) ||
			!sameTree(x.Steps, y.Steps) {
			return false
		}
	}
	return true
}
