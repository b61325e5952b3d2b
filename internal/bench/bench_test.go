package bench

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Caps on tools/list, which every request to the model carries: about 15% above the sizes
// measured when they were set. Raise one only with a reason in the commit message: every
// byte is paid on every turn of every conversation.
const (
	referenceTokenCap = 3050                   // the reference server's 20 tools and get_athlete_context
	defaultTokenCap   = DefaultListTokenBudget // the default toolsets: make bench's budget
	allByteCap        = 37200                  // every toolset, coach's athlete argument included
)

// toolsetByteCaps caps each toolset alone, in bytes of compact JSON. calendar: 13,700 with
// the plan view's app-only tool, plan_sessions' weeks, and the view and check_only of
// move_sessions, copy_sessions and repeat_session.
var toolsetByteCaps = map[string]int{
	"context": 600, "activities": 4600, "performance": 2100, "wellness": 2300, "calendar": 13700,
	"load": 2000, "library": 1000, "settings": 1400, "custom_items": 2800, "charts": 2400, "coach": 600, "api": 2300,
}

func TestReferenceCatalogUnderItsTokenCap(t *testing.T) {
	s, err := ReferenceCatalogSize(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("reference catalog: %d tools, %d bytes, %d o200k tokens", s.Tools, s.Bytes, s.Tokens)
	if s.Tools != len(ReferenceTools) || s.Tokens >= referenceTokenCap {
		t.Errorf("the reference server's %d tools take %d tokens in tools/list (cap %d)", s.Tools, s.Tokens, referenceTokenCap)
	}
}

func TestToolsListSizePerToolset(t *testing.T) {
	sizes, err := ListSizes(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sizes {
		t.Logf("%-12s %2d tools %6d bytes %5d tokens", s.Name, s.Tools, s.Bytes, s.Tokens)
		switch s.Name {
		case "default":
			if s.Tokens > defaultTokenCap {
				t.Errorf("default toolsets: %d tokens (cap %d)", s.Tokens, defaultTokenCap)
			}
		case "all":
			if s.Bytes > allByteCap {
				t.Errorf("all toolsets: %d bytes (cap %d)", s.Bytes, allByteCap)
			}
		default:
			limit, ok := toolsetByteCaps[s.Name]
			if !ok {
				t.Errorf("toolset %s has no cap: add one to toolsetByteCaps", s.Name)
			} else if s.Bytes > limit {
				t.Errorf("toolset %s: %d bytes (cap %d)", s.Name, s.Bytes, limit)
			}
		}
	}
}

func TestTokensCountsOffline(t *testing.T) {
	n, err := Tokens("get_athlete_context")
	if err != nil || n < 2 || n > 8 {
		t.Errorf("got %d, %v", n, err)
	}
}

// BenchmarkNewServer is the in-process part of a cold start: catalog checks, schema
// reflection and the MCP server, for the default toolsets.
func BenchmarkNewServer(b *testing.B) {
	all := tools.All()
	for b.Loop() {
		if _, err := server.New(server.Options{Tools: all}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompileSchemas is what the server does beside the first tools/list: compile
// every schema for argument checks.
func BenchmarkCompileSchemas(b *testing.B) {
	all := tools.All()
	for b.Loop() {
		cat, err := server.NewCatalog(all, manifest.Filter{})
		if err != nil {
			b.Fatal(err)
		}
		if err := cat.CompileAll(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListTools is one tools/list over an in-memory session.
func BenchmarkListTools(b *testing.B) {
	all := tools.All()
	for b.Loop() {
		if _, err := ListTools(all, manifest.Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCallOnDemo is one call of a cheap tool through the server's call path (argument
// check, Env, tool, formatter) on the in-process fake.
func BenchmarkCallOnDemo(b *testing.B) {
	cat, err := server.NewCatalog(tools.All(), manifest.Filter{})
	if err != nil {
		b.Fatal(err)
	}
	rt, err := DemoRuntime()
	if err != nil {
		b.Fatal(err)
	}
	rt.Cache = &toolcall.Cache{}
	args := json.RawMessage(`{}`)
	for b.Loop() {
		if res := cat.Call(context.Background(), rt, "get_gear_list", args, nil); res.IsError {
			b.Fatal(res.Text)
		}
	}
}

// perToolTokenCap bounds one tool's entry in tools/list (name, description, schema). The
// tools that take workout steps are the largest, though a step is written once ($defs/step)
// and add_or_update_event's category names the everyday ones only; a step's label says that
// Warmup and Cooldown flag it (the watch's step kind), which is where models erred.
// plan_sessions also names its view (_meta.ui.resourceUri, 12 tokens: the plan preview) and
// takes weeks (what a week is meant to be, reconciled with its sessions: 30 tokens).
const perToolTokenCap = 620

// TestNoToolOverItsTokenCap measures each tool as listed without coach mode (which adds the
// athlete argument, about 25 tokens, to every tool).
func TestNoToolOverItsTokenCap(t *testing.T) {
	var f manifest.Filter
	for _, ts := range manifest.AllToolsets {
		if ts != manifest.Coach {
			f.Toolsets = append(f.Toolsets, ts)
		}
	}
	listed, err := ListTools(tools.All(), f)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range listed {
		s, err := Measure(tl.Name, []*mcp.Tool{tl})
		if err != nil {
			t.Fatal(err)
		}
		if s.Tokens > perToolTokenCap {
			t.Errorf("%s: %d o200k tokens in tools/list (cap %d): shorten its description or prune its schema", tl.Name, s.Tokens, perToolTokenCap)
		}
	}
}

// Caps on a chart answer: the text the model reads, the image a client without views gets.
const (
	chartTextTokenCap = 300
	chartPNGByteCap   = 200 << 10
)

func TestChartAnswersStayWithinTheirCaps(t *testing.T) {
	answers, err := ChartSizes(tools.All())
	if err != nil {
		t.Fatal(err)
	}
	if len(answers) == 0 {
		t.Fatal("no chart answers")
	}
	for _, a := range answers {
		t.Logf("%-13s %-13s text %3d/%3d tokens, structuredContent %6d bytes, PNG %6d bytes, view %d bytes", a.Tool, a.Case, a.TextTokens, a.TextWithoutViews, a.StructuredBytes, a.PNGBytes, a.ViewHTMLBytes)
		switch {
		case a.IsError:
			t.Errorf("%s %s: an error", a.Tool, a.Case)
		case a.TextTokens > chartTextTokenCap || a.TextWithoutViews > chartTextTokenCap:
			t.Errorf("%s %s: text of %d/%d tokens (cap %d)", a.Tool, a.Case, a.TextTokens, a.TextWithoutViews, chartTextTokenCap)
		case a.StructuredBytes == 0 || a.PNGBytes == 0:
			t.Errorf("%s %s: structuredContent %d bytes, PNG %d bytes", a.Tool, a.Case, a.StructuredBytes, a.PNGBytes)
		case a.PNGBytes > chartPNGByteCap:
			t.Errorf("%s %s: PNG of %d bytes (cap %d)", a.Tool, a.Case, a.PNGBytes, chartPNGByteCap)
		}
	}
}
