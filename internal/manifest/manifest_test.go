package manifest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

func TestZeroAccessIsInvalid(t *testing.T) {
	var a Access
	if a.Valid() {
		t.Fatal("the zero Access must be invalid so that every tool chooses one")
	}
	for _, a := range []Access{Read, Write, Destructive} {
		if !a.Valid() {
			t.Errorf("%v should be valid", a)
		}
	}
}

func TestAnnotationsFollowAccess(t *testing.T) {
	read := Def{Access: Read}.Annotations()
	if !read.ReadOnlyHint || !read.IdempotentHint || read.DestructiveHint != nil || read.OpenWorldHint != nil && !*read.OpenWorldHint {
		t.Errorf("read: %+v", read)
	}
	write := Def{Access: Write, Idempotent: true}.Annotations()
	if write.ReadOnlyHint || *write.DestructiveHint || !write.IdempotentHint {
		t.Errorf("write: %+v", write)
	}
	del := Def{Access: Destructive}.Annotations()
	if del.ReadOnlyHint || !*del.DestructiveHint || del.IdempotentHint {
		t.Errorf("destructive: %+v", del)
	}
}

type args struct {
	Oldest string `json:"oldest"`
	Limit  int    `json:"limit,omitempty"`
}

// Run decodes the arguments (checked by the schema before) into the input type; an unknown
// name is the schema's to refuse, not Run's.
func TestRunDecodesIntoTheInputType(t *testing.T) {
	tool := New(Def{Name: "x", Access: Read}, func(_ context.Context, _ *toolcall.Env, in args) (string, error) {
		return in.Oldest, nil
	})
	got, err := tool.Run(context.Background(), &toolcall.Env{}, json.RawMessage(`{"oldest":"2026-01-02"}`))
	if err != nil || got != "2026-01-02" {
		t.Fatalf("got %q, %v", got, err)
	}
	var me *Error
	if _, err = tool.Run(context.Background(), &toolcall.Env{}, json.RawMessage(`{"limit":"ten"}`)); !errors.As(err, &me) || !strings.Contains(me.Msg, "limit") {
		t.Fatalf("type error should name the field, got %v", err)
	}
	if _, err := tool.Run(context.Background(), &toolcall.Env{}, nil); err != nil {
		t.Fatalf("empty arguments should decode as {}: %v", err)
	}
}

// Decode, for what no schema checked, refuses unknown names, naming the accepted ones.
func TestDecodeIsStrict(t *testing.T) {
	var in args
	err := Decode(json.RawMessage(`{"oldset":"2026-01-02"}`), &in)
	var me *Error
	if !errors.As(err, &me) || !strings.Contains(me.Msg, `"oldset"`) || !strings.Contains(me.Msg, "oldest, limit") {
		t.Fatalf("unknown field should name it and the accepted ones, got %v", err)
	}
	if err := Decode(json.RawMessage(`{"limit":"ten"}`), &in); !errors.As(err, &me) || !strings.Contains(me.Msg, "limit") {
		t.Fatalf("type error should name the field, got %v", err)
	}
}
