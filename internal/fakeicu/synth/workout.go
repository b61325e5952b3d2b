package synth

import (
	"fmt"
	"math"
	"strings"
)

// step is one line of a structured workout in Intervals.icu's workout text ("- 10m 60%").
// Its target is a percentage of the sport's threshold: FTP for rides, threshold pace
// (speed) for runs and swims.
type step struct {
	secs   int     // duration; 0 when the step is a distance
	metres float64 // distance (swims), used when secs is 0
	pct    float64 // target, % of threshold
	hrZone int     // > 0: written as an HR zone ("Z2 HR"); pct is the pace that goes with it
	pace   bool    // written as an absolute pace ("4:30/km Pace") instead of a percentage
	work   bool    // an effort, not a warm-up, recovery or cool-down
}

// block is a run of steps, repeated reps times ("5x" in the workout text) when reps > 1.
type block struct {
	reps  int
	steps []step
}

// workout is a structured session: what a planned WORKOUT event describes and what the
// activity that did it followed.
type workout struct {
	sport  string // Ride, VirtualRide, Run, Swim
	name   string
	blocks []block
}

// thresholds are an athlete's reference values that workout targets are relative to.
type thresholds struct {
	ftp, lthr, maxHR, restHR int
	runSpeed, swimSpeed      float64 // threshold pace, m/s
}

// speed is the threshold speed of the sport, 0 for rides.
func (t thresholds) speed(sport string) float64 {
	switch sport {
	case "Run":
		return t.runSpeed
	case "Swim":
		return t.swimSpeed
	}
	return 0
}

// stepSecs is how long a step takes at its target (a distance step at its pace).
func stepSecs(s step, speed float64) int {
	if s.secs > 0 || speed == 0 {
		return s.secs
	}
	return int(math.Round(s.metres / (speed * s.pct / 100)))
}

// segments expands the workout into the stretches an athlete rides or runs, the repeats
// unrolled; exec scales every target (how the athlete did on the day: 1 is to the plan).
func (w workout) segments(t thresholds, exec float64) []Segment {
	speed := t.speed(w.sport)
	var out []Segment
	at := 0
	for _, b := range w.blocks {
		for r := 0; r < max(b.reps, 1); r++ {
			for _, s := range b.steps {
				d := stepSecs(s, speed)
				out = append(out, Segment{Start: at, End: at + d, Intensity: s.pct / 100 * exec, Work: s.work})
				at += d
			}
		}
	}
	return out
}

// seconds is the planned duration.
func (w workout) seconds(t thresholds) int {
	s := w.segments(t, 1)
	return s[len(s)-1].End
}

// metres is the planned distance of a distance-based (swim) workout; 0 otherwise.
func (w workout) metres() float64 {
	total := 0.0
	for _, b := range w.blocks {
		for _, s := range b.steps {
			if s.secs == 0 {
				total += s.metres * float64(max(b.reps, 1))
			}
		}
	}
	return total
}

// loadOf is Intervals.icu's training load of a stretch of segments, TSS-like:
// hours x IF^2 x 100, where IF is the normalised intensity (fourth-power mean, as NP).
func loadOf(segs []Segment) (load, intensity float64) {
	var t, sum4 float64
	for _, s := range segs {
		d := float64(s.End - s.Start)
		t += d
		sum4 += d * math.Pow(s.Intensity, 4)
	}
	if t == 0 {
		return 0, 0
	}
	intensity = math.Pow(sum4/t, 0.25)
	return t / 3600 * intensity * intensity * 100, intensity
}

// fmtDur writes a duration as the workout text does: 1h30m, 10m, 4m30s, 45s.
func fmtDur(secs int) string {
	h, m, s := secs/3600, secs%3600/60, secs%60
	var b strings.Builder
	if h > 0 {
		fmt.Fprintf(&b, "%dh", h)
	}
	if m > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	if s > 0 || b.Len() == 0 {
		fmt.Fprintf(&b, "%ds", s)
	}
	return b.String()
}

// fmtPace writes a speed as minutes:seconds per kilometre.
func fmtPace(speed float64) string {
	secs := int(math.Round(1000 / speed))
	return fmt.Sprintf("%d:%02d/km", secs/60, secs%60)
}

// stepLine is one step in the workout text. Swim distances are written in "mtr": in the
// workout text "400m" means 400 minutes.
func stepLine(s step, sport string, t thresholds) string {
	var amount string
	switch {
	case s.secs > 0:
		amount = fmtDur(s.secs)
	case sport == "Run":
		amount = fmt.Sprintf("%gkm", s.metres/1000)
	default:
		amount = fmt.Sprintf("%.0fmtr", s.metres)
	}
	switch {
	case sport == "Ride" || sport == "VirtualRide":
		return fmt.Sprintf("- %s %.0f%%", amount, s.pct)
	case s.hrZone > 0:
		return fmt.Sprintf("- %s Z%d HR", amount, s.hrZone)
	case s.pace:
		return fmt.Sprintf("- %s %s Pace", amount, fmtPace(t.speed(sport)*s.pct/100))
	default:
		return fmt.Sprintf("- %s %.0f%% Pace", amount, s.pct)
	}
}

// text is the workout in Intervals.icu's workout text: one "- " line per step, repeats as
// an "Nx" line followed by their steps, the warm-up and cool-down under their headers, set
// off by blank lines.
func (w workout) text(t thresholds) string {
	var parts []string
	var plain []string
	flush := func() {
		if len(plain) > 0 {
			parts = append(parts, strings.Join(plain, "\n"))
			plain = nil
		}
	}
	for bi, b := range w.blocks {
		if b.reps <= 1 {
			for si, s := range b.steps {
				line := stepLine(s, w.sport, t)
				// The first and last steps, when easy, are the warm-up and cool-down: under a
				// header line of that name, which is what flags them (doc).
				header := ""
				switch {
				case bi == 0 && si == 0 && !s.work:
					header = "Warmup"
				case bi == len(w.blocks)-1 && si == len(b.steps)-1 && !s.work:
					header = "Cooldown"
				}
				if header == "" {
					plain = append(plain, line)
					continue
				}
				flush()
				plain = []string{header, line}
				flush()
			}
			continue
		}
		flush()
		lines := []string{fmt.Sprintf("%dx", b.reps)}
		for _, s := range b.steps {
			lines = append(lines, stepLine(s, w.sport, t))
		}
		parts = append(parts, strings.Join(lines, "\n"))
	}
	flush()
	return strings.Join(parts, "\n\n") + "\n"
}
