package doctor

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestListsUnknownFields(t *testing.T) {
	t.Parallel()
	fake := fakeicu.Options{Faults: []fakeicu.Fault{{Kind: fakeicu.FaultExtraField, Operation: "listGear"}}}
	cfg := config.Config{APIKey: fakeicu.DefaultAPIKey}
	report, err := against(t, fake, cfg, false)
	if err != nil {
		t.Fatalf("Run = %v, want nil (a warning):\n%s", err, report)
	}
	wantLines(t, report, "warn  listGear               1 call, decoded as []Gear; fields the client does not know: Gear[]."+fakeicu.ExtraField+" (string)", "Result: PASS with")
	if strings.Contains(report, `"extra"`) {
		t.Error("the report shows the field's value")
	}
	report, err = against(t, fake, cfg, true)
	wantFailed(t, report, err)
	wantLines(t, report, "Result: FAIL under --strict")
}
