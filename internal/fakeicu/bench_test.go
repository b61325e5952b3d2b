package fakeicu

import (
	"io"
	"net/http"
	"testing"
	"time"
)

func benchGet(b *testing.B, f *Fake, path string) int {
	b.Helper()
	req, _ := http.NewRequest("GET", "http://fake"+path, nil)
	req.SetBasicAuth("API_KEY", DefaultAPIKey)
	resp, err := f.Transport().RoundTrip(req)
	if err != nil {
		b.Fatal(err)
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		b.Fatalf("GET %s = %d, %v", path, resp.StatusCode, err)
	}
	return int(n)
}

// BenchmarkColdStart is New plus the first request, which generates the world.
func BenchmarkColdStart(b *testing.B) {
	for b.Loop() {
		benchGet(b, New(Options{Now: func() time.Time { return testNow }}), "/api/v1/athlete/0")
	}
}

func warmFake(b *testing.B) *Fake {
	f := New(Options{Now: func() time.Time { return testNow }})
	benchGet(b, f, "/api/v1/athlete/0")
	return f
}

func BenchmarkListEvents(b *testing.B) {
	f := warmFake(b)
	for b.Loop() {
		b.SetBytes(int64(benchGet(b, f, "/api/v1/athlete/0/events?oldest=2026-03-01&newest=2026-03-31")))
	}
}

func BenchmarkListActivitiesYear(b *testing.B) {
	f := warmFake(b)
	for b.Loop() {
		b.SetBytes(int64(benchGet(b, f, "/api/v1/athlete/0/activities?oldest=2025-03-11")))
	}
}

// BenchmarkStreamsLongest regenerates every stream of the longest activity.
func BenchmarkStreamsLongest(b *testing.B) {
	f := warmFake(b)
	w := f.World()
	var id string
	var longest int
	for act, spec := range w.Athletes[0].StreamSpecs {
		if spec.Seconds > longest || (spec.Seconds == longest && act < id) {
			id, longest = act, spec.Seconds
		}
	}
	for b.Loop() {
		b.SetBytes(int64(benchGet(b, f, "/api/v1/activity/"+id+"/streams")))
	}
	b.ReportMetric(float64(longest), "samples/stream")
}

// BenchmarkPowerCurveYear is a year's power curve once the best efforts of each activity
// are cached (the first request computes them).
func BenchmarkPowerCurveYear(b *testing.B) {
	f := warmFake(b)
	benchGet(b, f, "/api/v1/athlete/0/power-curves?type=Ride&curves=1y")
	for b.Loop() {
		benchGet(b, f, "/api/v1/athlete/0/power-curves?type=Ride&curves=1y")
	}
}
