package toolcall

import (
	"context"
	"testing"
)

func TestReportSendsOnlyGrowingProgress(t *testing.T) {
	Report(context.Background(), 1, 2, "no Progress: nothing happens")
	var got []int
	ctx := WithProgress(context.Background(), func(done, total int, _ string) { got = append(got, done) })
	for _, d := range []int{0, 0, 20, 10, 40, 40, 60} {
		Report(ctx, d, 60, "x")
	}
	if want := []int{0, 20, 40, 60}; len(got) != len(want) || got[0] != 0 || got[1] != 20 || got[2] != 40 || got[3] != 60 {
		t.Errorf("sent %v, want %v", got, want)
	}
}
