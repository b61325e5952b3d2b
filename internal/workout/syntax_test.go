package workout

import (
	"regexp"
	"strings"
	"testing"
)

var reCode = regexp.MustCompile("`([^`]+)`")

// docLine returns the code spans of the Syntax() line starting with prefix.
func docLine(t *testing.T, prefix string) []string {
	t.Helper()
	for _, l := range strings.Split(Syntax(), "\n") {
		if strings.HasPrefix(l, prefix) {
			var out []string
			for _, m := range reCode.FindAllStringSubmatch(l, -1) {
				out = append(out, m[1])
			}
			return out
		}
	}
	t.Fatalf("no line %q in Syntax()", prefix)
	return nil
}

func TestSyntaxIsShort(t *testing.T) {
	if n := len(Syntax()); n > 2500 {
		t.Errorf("Syntax() is %d characters, keep it under 2500", n)
	}
}

func TestSyntaxExampleIsClean(t *testing.T) {
	doc := Syntax()
	start := strings.Index(doc, "```\n")
	end := strings.Index(doc[start+4:], "```")
	example := doc[start+4 : start+4+end]
	sum, problems := Check(Ride, example, testTh)
	if len(problems) != 0 || sum.Steps != 1+10+1 {
		t.Errorf("example: %d steps, problems %v", sum.Steps, problems)
	}
}

func TestSyntaxUnitsAreWhatTheParserReads(t *testing.T) {
	for _, d := range docLine(t, "**Duration**") {
		if lex(d).kind != tDuration {
			t.Errorf("documented duration %q does not lex as a duration", d)
		}
	}
	for _, d := range docLine(t, "**Distance**") {
		if lex(d).kind != tDistance {
			t.Errorf("documented distance %q does not lex as a distance", d)
		}
	}
	for _, prefix := range []string{"- power:", "- heart rate:", "- pace:", "- `ramp"} {
		for _, target := range docLine(t, prefix) {
			_, problems := Check(Other, "- 10m "+target, testTh)
			if len(problems) != 0 {
				t.Errorf("documented target %q: %v", target, problems)
			}
		}
	}
}

func TestSyntaxTrapsAreCaught(t *testing.T) {
	for text, sport := range map[string]Sport{
		"- 400m Z2 HR":   Run,
		"- 5m 4:30/km":   Run,
		"- 2km 10m Z2":   Ride,
		"10m 75%":        Ride,
		"- 5:00 75%":     Ride,
		"- 10m 75% 220w": Ride,
		"- 10m 85–95rpm": Ride,
		"- Cool down":    Ride,
		"- 5k Z2 HR":     Run,
		"- 400meters Z2": Ride,
		"- 10m ramp 50%": Ride,
	} {
		if _, err := Parse(sport, text); err == nil {
			t.Errorf("trap %q parses without error", text)
		}
	}
	for text, sport := range map[string]Sport{"- 10m Z2": Run, "- 10m 75%": Swim, "- 20m 300%": Ride, "- 10m 110% HR": Ride} {
		if _, problems := Check(sport, text, testTh); len(problems) != 1 || problems[0].Severity != SeverityWarning {
			t.Errorf("%q: want one warning, got %v", text, problems)
		}
	}
}

func TestSyntaxPlainUnitsAreWhatBuildTakes(t *testing.T) {
	for _, s := range docLine(t, "**Plain units**") {
		var steps []Step
		switch {
		case s == "400m" || s == "5km":
			steps = []Step{{Distance: s}}
		case s == "90rpm":
			steps = []Step{{Duration: "60", Cadence: s}}
		default:
			steps = []Step{{Duration: "60", Target: s}}
		}
		_, errRide := Build(Ride, steps, testTh)
		_, errRun := Build(Run, steps, testTh)
		_, errSwim := Build(Swim, steps, testTh)
		if errRide != nil && errRun != nil && errSwim != nil {
			t.Errorf("documented plain unit %q is refused: %v", s, errRun)
		}
	}
}
