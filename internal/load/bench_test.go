package load

import "testing"

// BenchmarkProjectYear projects a year of daily loads with a few model changes, the
// longest projection get_training_load asks for.
func BenchmarkProjectYear(b *testing.B) {
	start, err := parseDate("start", "2025-01-01")
	if err != nil {
		b.Fatal(err)
	}
	loads := make(map[string]float64, 372)
	for d := start - 6; d <= start+365; d++ {
		loads[d.String()] = float64(int(d)%5) * 30
	}
	resets := []Reset{
		{Date: "2025-03-01", Fitness: ptr(60), Fatigue: ptr(50)},
		{Date: "2025-06-01", FitnessDays: ptr(35), FatigueDays: ptr(6)},
		{Date: "2025-09-01", EFTP: ptr(270)},
	}
	m, from := Default(), Day{Date: "2025-01-01", Fitness: 55, Fatigue: 60}
	b.ReportAllocs()
	for b.Loop() {
		days, err := m.Project(from, loads, resets, "2026-01-01")
		if err != nil || len(days) != 365 {
			b.Fatalf("got %d days, %v", len(days), err)
		}
	}
}
