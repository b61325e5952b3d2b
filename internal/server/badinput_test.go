package server

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The standing adversarial suite: every sample call of every tool (package samples), with
// each of its arguments mutated in turn into something no tool may accept (a wrong type, a
// value over its bound, out of its range, a path trick for an id, an impossible or
// out-of-range date, a huge array, an unknown argument), sent through an MCP client session
// to the demo athlete. Each must come back as a clear tool error (isError, short, not an
// internal error), and none may write. It prints its counts (quoted in the README's
// Reliability section).

// mutation is one bad value for an argument, and which arguments it applies to.
type mutation struct {
	name  string
	value any
	fits  func(arg string, v any) bool
}

var (
	isString = func(_ string, v any) bool { _, ok := v.(string); return ok }
	isNumber = func(_ string, v any) bool { _, ok := v.(float64); return ok }
	isArray  = func(_ string, v any) bool { _, ok := v.([]any); return ok }
	isObject = func(_ string, v any) bool { _, ok := v.(map[string]any); return ok }
	isBool   = func(_ string, v any) bool { _, ok := v.(bool); return ok }
	isID     = func(arg string, _ any) bool {
		return arg == "id" || arg == "ids" || strings.HasSuffix(arg, "_id") || strings.HasSuffix(arg, "_ids")
	}
	isDate = func(arg string, v any) bool {
		_, ok := v.(string)
		return ok && (arg == "date" || arg == "oldest" || arg == "newest" || arg == "start" || arg == "end" || strings.HasSuffix(arg, "_date"))
	}
	always = func(string, any) bool { return true }
)

func mutations() []mutation {
	long := strings.Repeat("x", 5000)
	huge := make([]any, 1000)
	for i := range huge {
		huge[i] = 1
	}
	return []mutation{
		{"string as number", 12345, isString},
		{"string as object", map[string]any{"a": 1}, isString},
		{"string too long", long, isString},
		{"number as string", "seven", isNumber},
		{"number as array", []any{1}, isNumber},
		{"number fractional", 1.5, func(a string, v any) bool { f, ok := v.(float64); return ok && f == float64(int64(f)) }},
		{"number too large", 1e15, isNumber},
		{"number too small", -1e15, isNumber},
		{"bool as string", "yes", isBool},
		{"array as string", "x", isArray},
		{"array too long", huge, isArray},
		{"array of nulls", []any{nil}, isArray},
		{"object as array", []any{1}, isObject},
		{"null", nil, always},
		{"id ..", "..", isID},
		{"id .", ".", isID},
		{"id path", "../../athlete/0/events", isID},
		{"id escaped", "%2e%2e", isID},
		{"id query", "1?x=1", isID},
		{"id negative", -1, isID},
		{"id zero", 0, isID},
		{"id empty", "", isID},
		{"date year 1", "0001-01-01", isDate},
		{"date year 9999", "9999-12-31", isDate},
		{"date 30 February", "2026-02-30", isDate},
		{"date month 13", "2026-13-01", isDate},
		{"date words", "next tuesday", isDate},
		{"date with time", "2026-12-10T25:00:00", isDate},
	}
}

func TestBadInputsThroughAClientSession(t *testing.T) {
	fake, rt := demoRuntime(t, 10*time.Second, 20*time.Second)
	rt.Writes = &toolcall.Writes{}
	cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)
	values := samples.Values(fake.World().Athletes[0])
	ctx := context.Background()

	var tried, clear, crashes, writes, passed int
	seen := map[string]bool{}
	for _, tool := range tools.All() {
		for _, sc := range samples.Of(tool.Name) {
			if sc.Fault != "" || strings.Contains(sc.Args, "{{confirm}}") {
				continue
			}
			filled, err := sc.Fill(values)
			if err != nil {
				continue
			}
			var base map[string]any
			if err := json.Unmarshal([]byte(filled), &base); err != nil {
				t.Fatalf("%s %s: %v", tool.Name, sc.Case, err)
			}
			names := make([]string, 0, len(base)+1)
			for k := range base {
				names = append(names, k)
			}
			sort.Strings(names)
			type input struct {
				what string
				args map[string]any
			}
			var inputs []input
			unknown := clone(base)
			unknown["no_such_argument"] = 1
			inputs = append(inputs, input{"unknown argument", unknown})
			for _, arg := range names {
				for _, m := range mutations() {
					if !m.fits(arg, base[arg]) {
						continue
					}
					if m.name == "null" && !required(tool, arg) {
						continue // null is the argument left out
					}
					if (m.name == "id zero" || m.name == "id empty") && !required(tool, arg) && arg != "ids" && arg != "event_ids" {
						continue // an optional id left empty: create rather than update
					}
					a := clone(base)
					a[arg] = m.value
					inputs = append(inputs, input{arg + ": " + m.name, a})
				}
			}
			for _, in := range inputs {
				key := tool.Name + " " + in.what
				if seen[key] {
					continue
				}
				seen[key] = true
				tried++
				before := len(fake.Writes())
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name, Arguments: in.args})
				switch {
				case err != nil:
					crashes++
					t.Errorf("%s: protocol error %v", key, err)
				case !res.IsError:
					passed++
					t.Errorf("%s: accepted: %.200s", key, text(res))
				case strings.Contains(text(res), "internal error") || len(text(res)) > 2000 || text(res) == "":
					crashes++
					t.Errorf("%s: unclear error (%d characters): %.300s", key, len(text(res)), text(res))
				default:
					clear++
				}
				if n := len(fake.Writes()); n != before {
					writes += n - before
					t.Errorf("%s: %d write(s)", key, n-before)
				}
			}
		}
	}
	t.Logf("bad tool calls: %d inputs tried, %d clear errors, %d accepted, %d crashes, %d writes", tried, clear, passed, crashes, writes)
	fmt.Printf("adversarial suite: %d bad tool calls tried over MCP, %d clear errors, crashes: %d, writes: %d\n", tried, clear, crashes, writes)
}

func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

func required(tool manifest.Tool, arg string) bool {
	var s struct {
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(tool.Schema, &s)
	for _, r := range s.Required {
		if r == arg {
			return true
		}
	}
	return false
}

func text(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}
