package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// checkReads runs every sample call of the read tools (their arguments filled from what the
// account's own answers hold) and reports each operation's answers: decoded by the typed
// client or not, and the fields it does not know.
func checkReads(ctx context.Context, r *report, client *intervals.ClientWithResponses, athlete string, cfg *config.Config, logger *slog.Logger, rec *recorder) {
	r.section("Reads the tools make")
	toolsets := slices.DeleteFunc(slices.Clone(manifest.AllToolsets), func(t manifest.Toolset) bool { return t == manifest.API })
	cat, err := server.NewCatalog(tools.All(), manifest.Filter{Toolsets: toolsets, ReadOnly: true})
	if err != nil {
		r.line("FAIL", "catalog", "%v", err)
		return
	}
	rt := &server.Runtime{Client: client, AthleteID: athlete, Secrets: cfg.Secrets(), Logger: logger, Cache: &toolcall.Cache{}}
	var later []samples.Call
	values := map[string]string{}
	run := func(c samples.Call) {
		args, err := c.Fill(values)
		if err != nil {
			return
		}
		if res := cat.Call(ctx, rt, c.Tool, json.RawMessage(args), nil); res.IsError {
			first, _, _ := strings.Cut(res.Text, "\n")
			r.line("warn", c.Tool, "%s: %.160s", c.Case, first)
		}
	}
	var skipped []string
	for _, c := range samples.Calls {
		if _, ok := cat.Lookup(c.Tool); !ok || c.Fault != "" {
			continue
		}
		if c.Missing(values) != "" {
			later = append(later, c)
			continue
		}
		run(c)
	}
	learnValues(rec.taken(), values)
	for _, c := range later {
		if name := c.Missing(values); name != "" {
			skipped = append(skipped, c.Tool+" "+c.Case+" (needs "+name+")")
			continue
		}
		run(c)
	}
	seen := map[string]bool{}
	for _, op := range analyse(rec.taken()) {
		seen[op.Op] = true
		reportOp(r, op)
	}
	var missing []string
	for _, e := range cat.Entries {
		for _, op := range e.Operations {
			if o, ok := operationByID(op); ok && o.Method == http.MethodGet && !seen[op] && !slices.Contains(missing, op) {
				missing = append(missing, op)
			}
		}
	}
	if len(missing) > 0 {
		r.line("info", "not exercised", "%s", strings.Join(missing, ", "))
	}
	if len(skipped) > 0 {
		r.line("info", "calls skipped", "%s", strings.Join(skipped, "; "))
	}
}

// reportOp writes one operation's line.
func reportOp(r *report, op *opReport) {
	var bad []string
	for status, n := range op.Statuses {
		if status >= 300 {
			bad = append(bad, fmt.Sprintf("%d x%d", status, n))
		}
	}
	slices.Sort(bad)
	what := "1 call"
	if op.Calls != 1 {
		what = fmt.Sprintf("%d calls", op.Calls)
	}
	if op.Typed != "" {
		what += ", decoded as " + op.Typed
	}
	switch {
	case op.DecodeErr != "":
		r.line("FAIL", op.Op, "%s: the typed client cannot decode the answer: %.200s", what, op.DecodeErr)
	case op.Statuses[401] > 0 || op.Statuses[403] > 0:
		r.line("FAIL", op.Op, "%s; refused: %s", what, strings.Join(bad, ", "))
	case len(bad) > 0:
		r.line("warn", op.Op, "%s; answers %s", what, strings.Join(bad, ", "))
	case len(op.Unknown) > 0:
		r.line("warn", op.Op, "%s; fields the client does not know: %s", what, strings.Join(sortedKeys(op.Unknown), ", "))
	default:
		r.line("ok", op.Op, "%s", what)
	}
}

func operationByID(id string) (intervals.Operation, bool) {
	for _, o := range intervals.Operations {
		if o.OperationID == id {
			return o, true
		}
	}
	return intervals.Operation{}, false
}

// learnValues takes from the account's answers the ids the sample calls name: its latest
// activity that is not from Strava (run), a gear, a custom item, a planned workout (session1)
// and a sport of its settings.
func learnValues(xs []exchange, values map[string]string) {
	type item struct {
		ID       json.RawMessage `json:"id"`
		Source   string          `json:"source"`
		Category string          `json:"category"`
	}
	idOf := func(raw json.RawMessage) string { return strings.Trim(string(raw), `"`) }
	for _, x := range xs {
		op, ok := intervals.OperationFor(x.Method, x.Path)
		if !ok || x.Status != http.StatusOK {
			continue
		}
		var items []item
		_ = json.Unmarshal(x.Body, &items)
		for _, it := range items {
			if len(it.ID) == 0 {
				continue
			}
			switch {
			case op.OperationID == "listActivities" && it.Source != "STRAVA" && values["run"] == "":
				values["run"] = idOf(it.ID)
			case op.OperationID == "listGear" && values["gear"] == "":
				values["gear"] = idOf(it.ID)
			case op.OperationID == "listCustomItems" && values["item"] == "":
				values["item"] = idOf(it.ID)
			case op.OperationID == "listEvents" && it.Category == "WORKOUT" && values["session1"] == "":
				values["session1"] = idOf(it.ID)
			}
		}
		if op.OperationID == "getAthlete" && values["sport"] == "" {
			var a struct {
				SportSettings []struct{ Types []string } `json:"sportSettings"`
			}
			if json.Unmarshal(x.Body, &a) == nil && len(a.SportSettings) > 0 && len(a.SportSettings[0].Types) > 0 {
				values["sport"] = a.SportSettings[0].Types[0]
			}
		}
	}
}
