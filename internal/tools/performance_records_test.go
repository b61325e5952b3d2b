package tools

import (
	"context"
	"strings"
	"testing"
)

func TestRecordsAtStandardDurationsAndDistances(t *testing.T) {
	s := recordsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "get_records").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"- 5s: 730 W (Mon 2026-03-23) | none", // no all-time curve in the recorded answer
		"- 20m: 228 W",                        // and its 20 minutes
		"- 60m: 205 W",                        //
		"- 1km: 3:35 (3:35/km) (Sat 2026-10-03) | 3:20 (3:20/km) (Sun 2025-04-06)",
		"- half marathon: none | 1:30:00 (4:16/km)",
		"Run heart rate: no data", // the recorded HR curves are 90d and 1y, neither asked for
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	for _, r := range s.reqs {
		if strings.Contains(r, "/athlete/0") {
			t.Errorf("request for athlete 0: %s", r)
		}
	}
	golden(t, "get_records", "standard_efforts", out, nil)
}

func TestRecordsRejectsBadPeriod(t *testing.T) {
	env := newEnv(serve(t, recordsStub(t), stubKey), "i7", recordsNow)
	for _, args := range []string{`{"oldest":"2026-12-01","newest":"2026-11-01"}`, `{"oldest":"yesterday"}`, `{"sport":"Rowing"}`} {
		if _, err := toolNamed(t, "get_records").Run(context.Background(), env, []byte(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}
