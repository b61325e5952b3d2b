package tools

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCustomItemsKeepAnyJSONContent(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "create_custom_item", `{"name":"Readiness","type":"INPUT_FIELD","description":"Morning readiness","content":{"fields":[1,2,{"k":"v"}]}}`)
	if !strings.HasPrefix(out, "Created: [") || !strings.Contains(out, `Content (JSON): {"fields":[1,2,{"k":"v"}]}`) {
		t.Fatalf("answer:\n%s", out)
	}
	id := strings.TrimPrefix(strings.SplitN(out, "]", 2)[0], "Created: [")
	if out := mustCallTool(t, env, "update_custom_item", `{"item_id":`+id+`,"content":{"min":1,"max":10}}`); !strings.Contains(out, `{"max":10,"min":1}`) && !strings.Contains(out, `{"min":1,"max":10}`) {
		t.Errorf("update answer:\n%s", out)
	}
	if out := mustCallTool(t, env, "get_custom_item_by_id", `{"item_id":`+id+`}`); !strings.Contains(out, `"max":10`) {
		t.Errorf("get answer:\n%s", out)
	}
	if out := mustCallTool(t, env, "delete_custom_item", `{"item_id":`+id+`}`); !strings.HasPrefix(out, "Deleted custom item "+id) {
		t.Errorf("delete answer: %s", out)
	}
	if _, err := callTool(t, env, "get_custom_item_by_id", `{"item_id":`+id+`}`); err == nil {
		t.Error("the deleted item is still there")
	}
	ops := []string{}
	for _, w := range f.Writes() {
		ops = append(ops, w.Operation)
	}
	if strings.Join(ops, ",") != "createCustomItem,updateCustomItem,deleteCustomItem" {
		t.Errorf("writes: %v", ops)
	}
}

// Content is passed through as given: arrays and numbers too, which the spec's object type
// (and so the generated model) cannot carry.
func TestCustomItemBodyPassesAnyJSONThrough(t *testing.T) {
	for _, content := range []string{`[1,2,{"k":"v"}]`, `42`, `"text"`, `{"a":{"b":[true,null]}}`} {
		r, err := itemBody(itemFields{Name: "x", Content: json.RawMessage(content)}, "ZONES")
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Content json.RawMessage `json:"content"`
			Type    string          `json:"type"`
		}
		if err := json.NewDecoder(r).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if string(got.Content) != content || got.Type != "ZONES" {
			t.Errorf("content %s came out as %s (type %q)", content, got.Content, got.Type)
		}
	}
	if _, err := itemBody(itemFields{Content: json.RawMessage(`{"a":`)}, ""); err == nil {
		t.Error("invalid JSON content must be refused")
	}
}
