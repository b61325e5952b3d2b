package tools

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// FuzzValidatePlan feeds arbitrary arguments to plan_sessions' validation: it never panics,
// and it either names at least one problem or returns every session ready to write, each
// with a real date from today on, a category, a name and a distinct external id.
func FuzzValidatePlan(f *testing.F) {
	for _, seed := range []string{
		`{"plan":"p","sessions":[{"date":"2026-12-08","sport":"Run","name":"Easy","description":"- 45m Z2 HR"}]}`,
		`{"plan":"p","sessions":[{"date":"tomorrow","sport":"ride","name":"SS","steps":[{"repeat":3,"steps":[{"duration":"10:00","target":"90% FTP"},{"duration":"300","target":"55% FTP"}]}]}]}`,
		`{"plan":"p","sessions":[{"date":"2026-12-08","category":"NOTE","name":"n"},{"date":"2026-12-08","category":"NOTE","name":"N"}]}`,
		`{"plan":"p","sessions":[{"date":"2026-12-08","category":"RACE_A","sport":"Run","name":"M","distance_km":42.195,"duration":"3:15:00"}]}`,
		`{"plan":"","sessions":[{"date":"2026-13-40","sport":"Jog","name":"","duration":"1:99"}]}`,
		`{"plan":"p","sessions":[{"date":"2026-12-08","sport":"Run","name":"x","description":"3x\n- 400m 90% pace"}]}`,
	} {
		f.Add(seed)
	}
	loc, _ := time.LoadLocation("Australia/Sydney")
	today := time.Date(2026, 12, 1, 0, 0, 0, 0, loc)
	a := &athleteCtx{Athlete: &toolcall.Athlete{ID: "i1", Location: loc}, units: format.Units{Loc: loc}, today: today}
	f.Fuzz(func(t *testing.T, args string) {
		var in planIn
		if err := manifest.Decode(json.RawMessage(args), &in); err != nil {
			return
		}
		items, problems := validatePlan(in, a)
		if len(problems) > 0 {
			if len(items) == len(in.Sessions) && len(in.Sessions) > 0 && strings.TrimSpace(in.Plan) != "" {
				t.Fatalf("problems %q but every session was accepted", problems)
			}
			return
		}
		if len(items) != len(in.Sessions) {
			t.Fatalf("no problem named, but %d of %d sessions are ready", len(items), len(in.Sessions))
		}
		seen := map[string]bool{}
		for _, p := range items {
			d, err := time.Parse(ymd, p.date)
			if err != nil || p.date < today.Format(ymd) {
				t.Fatalf("session %d: date %q accepted", p.index, p.date)
			}
			if deref(p.event.StartDateLocal) != d.Format(ymd)+"T00:00:00" || p.event.Category == nil || strings.TrimSpace(deref(p.event.Name)) == "" {
				t.Fatalf("session %d: incomplete event %+v", p.index, p.event)
			}
			x := deref(p.event.ExternalId)
			if !strings.HasPrefix(x, "imcp:") || seen[x] {
				t.Fatalf("session %d: external id %q missing or repeated", p.index, x)
			}
			seen[x] = true
		}
	})
}
