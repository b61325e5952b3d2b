package bench

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// commonQuestionsCap is how many upstream requests the eight common questions may take in
// all: the read cache keeps a conversation from reading the same things again.
const commonQuestionsCap = 12

// commonAnswersTokenCap is what the answers of the eight common questions may take in all, in
// o200k tokens, on the demo athlete at the sample calls' clock: each unit, label, zone and
// year is said once, not on every line. Raise it only with a reason in the commit message.
const commonAnswersTokenCap = 7400

// TestCommonAnswersTakeAtMost7400Tokens asks the eight questions and adds up the o200k
// tokens of their answers (what they must still carry: requests_facts_test.go).
func TestCommonAnswersTakeAtMost7400Tokens(t *testing.T) {
	qs, err := CommonQuestions(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		t.Logf("%-26s %5d tokens", q.Tool, q.Tokens)
	}
	if n := AnswerTokens(qs); n > commonAnswersTokenCap {
		t.Errorf("the eight common answers take %d o200k tokens, want at most %d", n, commonAnswersTokenCap)
	} else {
		t.Logf("in all: %d tokens (cap %d)", n, commonAnswersTokenCap)
	}
}

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
