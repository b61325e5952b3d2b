package bench

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// commonQuestionsCap is how many upstream requests the eight common questions may take in
// all (15 before the read cache; the closest Go peer takes 35).
const commonQuestionsCap = 12

// TestCommonQuestionsTakeAtMost12Requests asks the eight questions of a session on one
// runtime and counts the requests the fake received: the profile, gear, lists and an
// activity read a moment ago are not read again.
func TestCommonQuestionsTakeAtMost12Requests(t *testing.T) {
	qs, err := CommonQuestions(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.IsError {
			t.Errorf("%s (%s %s) failed", q.Ask, q.Tool, q.Args)
		}
		t.Logf("%s: %v", q.Ask, q.Operations)
	}
	if n := Requests(qs); n > commonQuestionsCap {
		t.Errorf("the eight common questions took %d upstream requests, want at most %d", n, commonQuestionsCap)
	}
}
