package manifest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Def is the metadata of a tool.
type Def struct {
	Name        string // snake_case, unique; the reference server's name where it has one
	Title       string // a few words for people
	Description string // what the tool does and when to call it, for the model: short
	Toolset     Toolset
	Access      Access
	// Idempotent says that repeating the same call has no further effect (write and
	// destructive tools only; read tools always are).
	Idempotent bool
	// Operations are the Intervals.icu operation ids the tool calls (see intervals.Operations).
	Operations []string
	// ReadOnlyVariant marks the read tool that a read-only server lists in place of the
	// write or destructive tool of the same name (api_call_operation, GET only): the filter
	// keeps it exactly when ReadOnly is on, and drops it otherwise.
	ReadOnlyVariant bool
	// AppOnly marks a tool for an MCP Apps view only (a button's action): listed with
	// _meta.ui.visibility ["app"], which hosts keep out of the model's tools.
	AppOnly bool
	// Aliases are the reference server's names of the tool's arguments where they differ from
	// ours: accepted in calls, never listed (they cost no token).
	Aliases []Alias

	// EveryAthlete says that in coach mode the tool also takes athlete "all": it then runs
	// with Env.EveryAthlete, and answers for every athlete of list_athletes in one call.
	EveryAthlete bool
}

// Alias is an argument name of the reference server (mvilanova/intervals-mcp-server) that a
// tool accepts in place of one of its own, so that saved prompts and scripts written for it
// keep working. The server puts the value under our name before it checks the arguments
// against the schema, so that every error names our arguments.
type Alias struct {
	Name string // the reference server's name: start_date
	// For is our argument it stands for (oldest); "" when ours has none and the value changes
	// nothing we answer (include_unnamed: we list every activity), so it is dropped.
	For string
	// Convert, when set, turns the value into our arguments, by our names (a comma-separated
	// stream_types into the list types; workout_doc into steps and description). Its error
	// says what the value should be.
	Convert func(v json.RawMessage) (map[string]json.RawMessage, error)
}

// Tool is one MCP tool: its Def, its input type, and its call.
type Tool struct {
	Def
	// Input is the Go type of the arguments (a struct); the input schema is reflected from it
	// ahead of time (make docs), never by a running server.
	Input reflect.Type
	// Schema is the input schema (compact JSON) the server lists and checks arguments
	// against, defaults included; the catalog's tools have it from internal/tools/schemas.json.
	Schema json.RawMessage
	// Run decodes the arguments into Input and calls the tool. The server has checked them
	// against Schema and filled in its defaults first (schema.Input.Check), so a handler
	// repeats no rule of the schema: it checks only what a schema cannot say (date order,
	// what the athlete's data allows). The text it returns is the answer; an error is shown
	// to the model as a tool error (isError), so it must say what to do next.
	Run func(ctx context.Context, env *toolcall.Env, args json.RawMessage) (string, error)
	// View, when set, is the tool's MCP Apps view: the server lists its URI in the tool's
	// _meta.ui.resourceUri and serves it; Run fills the call's Output (OutputOf).
	View *View
}

// New defines a tool whose arguments decode into In (a struct). The arguments it runs with
// have passed the tool's schema (Run), which refuses unknown names at any depth with the
// list of known ones, so a model's typo is never silently ignored: the decoding into In
// does not refuse them a second time.
func New[In any](d Def, call func(ctx context.Context, env *toolcall.Env, in In) (string, error)) Tool {
	t := reflect.TypeFor[In]()
	return Tool{
		Def:   d,
		Input: t,
		Run: func(ctx context.Context, env *toolcall.Env, args json.RawMessage) (string, error) {
			var in In
			if len(bytes.TrimSpace(args)) > 0 {
				if err := json.Unmarshal(args, &in); err != nil {
					return "", Errorf("arguments are not valid JSON for this tool: %v", err)
				}
			}
			return call(ctx, env, in)
		},
	}
}

// Decode reads arguments that no schema has checked (an API operation's body) strictly:
// unknown fields and trailing data are errors that name the accepted fields. Empty arguments
// decode as {}.
func Decode(args json.RawMessage, v any) error {
	if len(bytes.TrimSpace(args)) == 0 || bytes.Equal(bytes.TrimSpace(args), []byte("null")) {
		args = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		msg := err.Error()
		if strings.HasPrefix(msg, "json: unknown field ") {
			return Errorf("unknown argument %s; accepted arguments: %s", strings.TrimPrefix(msg, "json: unknown field "), strings.Join(jsonNames(reflect.TypeOf(v).Elem()), ", "))
		}
		var te *json.UnmarshalTypeError
		if ok := asTypeError(err, &te); ok {
			return Errorf("argument %s: expected %s, got a JSON %s", te.Field, te.Type, te.Value)
		}
		return Errorf("arguments are not valid JSON for this tool: %v", err)
	}
	if dec.More() {
		return Errorf("arguments: unexpected data after the JSON object")
	}
	return nil
}

func asTypeError(err error, target **json.UnmarshalTypeError) bool {
	te, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*target = te
	}
	return ok
}

// jsonNames lists the JSON names of a struct's fields (embedded structs flattened).
func jsonNames(t reflect.Type) []string {
	var names []string
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" {
			names = append(names, jsonNames(f.Type)...)
			continue
		}
		if name == "" {
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}

// Error is a mistake the model or the user can fix: bad arguments, a refused write. Its text
// is shown as is.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error.
func Errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }
