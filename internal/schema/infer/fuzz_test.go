package infer

import (
	"encoding/json"
	"testing"
)

// FuzzCheck feeds arbitrary arguments to Check: it must never panic, and what it accepts
// must be a JSON object that the schema accepts again unchanged.
func FuzzCheck(f *testing.F) {
	in := compile(f)
	for _, seed := range []string{`{}`, `{"oldest":"2026-01-01","limit":5}`, `{"steps":[{"minutes":3}]}`, `null`, `[]`, `{"limit":1e400}`, `{"oldest":1}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		out, err := in.Check(args)
		if err != nil {
			return
		}
		var m map[string]any
		if json.Unmarshal(out, &m) != nil || m == nil {
			t.Fatalf("accepted %q but returned %q, not an object", args, out)
		}
		again, err := in.Check(out)
		if err != nil || string(again) != string(out) {
			t.Fatalf("accepted %q as %q, which then gives %q, %v", args, out, again, err)
		}
	})
}
