package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// The checks against schemas reflected from Go types are in internal/schema/infer; these
// take a schema as the binary does, its JSON.

func TestCheckOnAServedSchema(t *testing.T) {
	in, err := CompileJSON(json.RawMessage(`{"type":"object","properties":{"id":{"type":["integer","string"],"maxLength":20},"limit":{"type":"integer","minimum":1,"maximum":60,"default":30}},"required":["id"],"additionalProperties":false}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := in.Check(json.RawMessage(`{"id":"i42"}`))
	if err != nil || string(out) != `{"id":"i42","limit":30}` {
		t.Errorf("good arguments: %s, %v", out, err)
	}
	if _, err := in.Check(json.RawMessage(`{"id":1,"limit":99}`)); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a limit over the maximum: %v, want an error naming limit", err)
	}
	if _, err := in.Check(json.RawMessage(`{"id":1,"other":true}`)); err == nil {
		t.Error("an unknown argument was accepted")
	}
}
