package synth

import "testing"

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		Generate(1, testToday)
	}
}

// BenchmarkStreams4h renders every stream of a 4-hour outdoor ride (14,400 samples each).
func BenchmarkStreams4h(b *testing.B) {
	spec := fourHourRide(b)
	for b.Loop() {
		Streams(spec, nil)
	}
}
