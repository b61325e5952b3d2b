package workout

import "testing"

const benchText = "Warmup\n- 10m ramp 50-75% 90rpm\n\nMain set 5x\n- 3m 110% 95rpm\n- 2m Z1\n\n3x\n- 400mtr 3:45/km Pace\n- 90s 60% Pace\n\n- Cooldown 10m 55%"

func BenchmarkCheck(b *testing.B) {
	for b.Loop() {
		Check(Run, benchText, testTh)
	}
}

func BenchmarkBuild(b *testing.B) {
	steps := []Step{
		{Label: "Warmup", Duration: "10:00", Target: "ramp 50-75% FTP", Cadence: "90rpm"},
		{Label: "Main set", Repeat: 5, Steps: []Step{{Duration: "3:00", Target: "110% FTP"}, {Duration: "2:00", Target: "Z1"}}},
		{Label: "Cooldown", Duration: "10:00", Target: "55% FTP"},
	}
	for b.Loop() {
		if _, err := Build(Ride, steps, testTh); err != nil {
			b.Fatal(err)
		}
	}
}
