package samples

import (
	"encoding/json"
	"testing"
)

func TestEveryCallsArgumentsAreJSON(t *testing.T) {
	for _, c := range Calls {
		if !json.Valid([]byte(placeholder().ReplaceAllString(c.Args, "1"))) {
			t.Errorf("%s %s: arguments are not JSON: %s", c.Tool, c.Case, c.Args)
		}
	}
}

func TestFillPreviewAndConfirm(t *testing.T) {
	c := Call{Tool: "x", Case: "y", Args: `{"id":{{session1}},"a":"{{run}}","confirm":"{{confirm}}"}`}
	if _, err := c.Fill(map[string]string{"run": "i1"}); err == nil {
		t.Error("a missing value must be an error")
	}
	args, err := c.Fill(map[string]string{"run": "i1", "session1": "7"})
	if err != nil || args != `{"id":7,"a":"i1","confirm":"{{confirm}}"}` {
		t.Fatalf("filled: %s, %v", args, err)
	}
	preview, ok := Preview(args)
	if !ok || preview != `{"id":7,"a":"i1"}` {
		t.Errorf("preview: %s %v", preview, ok)
	}
	got, err := Confirm(args, `... confirm="tok" ...`)
	if err != nil || got != `{"id":7,"a":"i1","confirm":"tok"}` {
		t.Errorf("confirmed: %s, %v", got, err)
	}
	if _, ok := Preview(`{"id":7}`); ok {
		t.Error("a call without confirm needs no preview")
	}
}
