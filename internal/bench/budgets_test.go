package bench

import "testing"

func TestBudgetsPassAtTheirLimitAndFailPastIt(t *testing.T) {
	for _, b := range CheckBudgets(BinaryBudget, IdleAnonBudget, DefaultListTokenBudget) {
		if !b.OK {
			t.Errorf("%s: %s at its limit %s counted as over it", b.Name, b.Measured, b.Limit)
		}
	}
	for _, b := range CheckBudgets(BinaryBudget+1, IdleAnonBudget+1, DefaultListTokenBudget+1) {
		if b.OK {
			t.Errorf("%s: %s past its limit %s counted as within it", b.Name, b.Measured, b.Limit)
		}
	}
}
