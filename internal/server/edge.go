package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The edge of a tool call: where the name it was called by and its arguments are read, once.
// A call may use another server's names: OpenAthlete's tool names (toolAliases), the
// reference server's argument names (each tool's manifest.Alias) and its athlete_id and
// api_key, which every one of its tools takes. The edge puts them under ours before anything
// else reads the call, so that every check, error and answer speaks of our names.

// incoming is one tools/call as the edge reads it.
type incoming struct {
	entry *Entry
	alias *toolAlias     // the other server's tool name it was made under; nil for ours
	as    string         // the name it was made under
	args  map[string]any // its arguments, decoded once, under our names
	asked string         // athlete_id given outside coach mode: the athlete the caller means
	err   error          // why its arguments cannot be read or put under our names
}

// readCall reads a call of the tool named name (ours, or an alias of a tool this
// configuration exposes) with its arguments as sent; nil when there is no such tool.
func (c *Catalog) readCall(name string, raw json.RawMessage) *incoming {
	e, alias := c.resolve(name)
	if e == nil {
		return nil
	}
	cl := &incoming{entry: e, alias: alias, as: name}
	cl.args, cl.asked, cl.err = c.readArgs(e, alias, raw)
	return cl
}

// readArgs decodes a call's arguments and puts the values given under other servers' names
// under ours: the alias's, the tool's own reference names (manifest.Alias), and the
// reference server's athlete_id, which becomes the coach's athlete argument (coach mode) or
// is returned as asked, for the call to check that it is the athlete served. api_key is
// refused: the key is the server's, never an argument the model sends.
func (c *Catalog) readArgs(e *Entry, alias *toolAlias, raw json.RawMessage) (m map[string]any, asked string, err error) {
	if len(raw) > MaxArgsBytes {
		return nil, "", manifest.Errorf("the arguments are %d bytes, over the %d a call may send: send less (each argument's limit is in the tool's schema)", len(raw), MaxArgsBytes)
	}
	in, err := e.Input()
	if err != nil {
		return nil, "", err
	}
	if m, err = in.Decode(raw); err != nil {
		return nil, "", manifest.Errorf("%v", err)
	}
	if alias != nil {
		if err := renameArgs(m, alias.Args, alias.Whose); err != nil {
			return nil, "", err
		}
	}
	if key, ok := m["api_key"]; ok && key != nil && key != "" {
		return nil, "", manifest.Errorf("api_key is not an argument of intervals-mcp: it calls Intervals.icu with the credential it was started with (API_KEY, or the account signed in); leave api_key out")
	}
	delete(m, "api_key")
	if v, ok := m[athleteIDArg]; ok {
		delete(m, athleteIDArg)
		if v != nil {
			who, err := athleteValue(v)
			switch {
			case err != nil:
				return nil, "", err
			case !c.coach:
				asked = who
			case m[AthleteArg] != nil:
				return nil, "", manifest.Errorf("athlete_id and athlete are the same argument (athlete_id is the reference server's name): give athlete only")
			default:
				m[AthleteArg] = who
			}
		}
	}
	return m, asked, renameArgs(m, e.Aliases, "the reference server's")
}

// athleteIDArg is the reference server's name of the athlete argument.
const athleteIDArg = "athlete_id"

// renameArgs puts the values m holds under other servers' names (aliases, whose says whose:
// "the reference server's") under ours. A null value leaves the argument out; a value given
// under both names is refused. A converter (manifest.Alias.Convert) reads the value as that
// server sends it, JSON.
func renameArgs(m map[string]any, aliases []manifest.Alias, whose string) error {
	for _, a := range aliases {
		v, ok := m[a.Name]
		if !ok {
			continue
		}
		delete(m, a.Name)
		if v == nil {
			continue // their way of leaving an argument out
		}
		ours := map[string]any{}
		switch {
		case a.Convert != nil:
			converted, err := convert(a, v)
			if err != nil {
				return manifest.Errorf("argument %s: %v", a.Name, err)
			}
			ours = converted
		case a.For != "":
			ours[a.For] = v
		}
		for name, x := range ours {
			if _, both := m[name]; both {
				return manifest.Errorf("%s and %s are the same argument (%s is %s name for %s): give %s only", a.Name, name, a.Name, whose, name, name)
			}
			m[name] = x
		}
	}
	return nil
}

// convert runs a's converter on the value v, as JSON, and returns our arguments it makes.
func convert(a manifest.Alias, v any) (map[string]any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	conv, err := a.Convert(raw)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(conv))
	for name, r := range conv {
		var x any
		if err := json.Unmarshal(r, &x); err != nil {
			return nil, err
		}
		out[name] = x
	}
	return out, nil
}

// athleteValue reads an athlete id given as a string (i12345) or a number (12345).
func athleteValue(v any) (string, error) {
	var who string
	switch x := v.(type) {
	case string:
		who = strings.TrimSpace(x)
	case float64:
		who = fmt.Sprintf("%.0f", x)
		if float64(int64(x)) != x {
			who = ""
		}
	}
	if !athleteForm().MatchString(who) {
		return "", manifest.Errorf("argument athlete_id: expected an athlete id such as i12345")
	}
	return who, nil
}

// checkServed refuses an athlete_id that is not the athlete this server serves (outside coach
// mode, where the athlete is the configured one): the call would otherwise answer for
// another athlete than the one asked. "0" (the athlete behind the key) is always served.
func checkServed(ctx context.Context, env *toolcall.Env, asked string) error {
	if asked == "" || asked == "0" || toolcall.SameAthlete(asked, env.AthleteID) {
		return nil
	}
	a, err := env.Athlete(ctx)
	if err != nil {
		return err
	}
	if toolcall.SameAthlete(asked, a.ID) {
		return nil
	}
	return manifest.Errorf("athlete_id %s: this server works for %s (%s) only; to work for the athletes an account coaches, start it with the coach toolset (--toolsets default,coach) and pass athlete", asked, a.Name, a.ID)
}

// callKey carries, in a tools/call's context, the call the edge read (readCalls).
type callKey struct{}

// readCalls is the receiving middleware that reads every tools/call at the edge (readCall):
// the request goes on under our tool's name (go-sdk knows no other), the call read in its
// context for the tool's handler.
func readCalls(cat *Catalog) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			r, ok := req.(*mcp.CallToolRequest)
			if method != "tools/call" || !ok || r.Params == nil {
				return next(ctx, method, req)
			}
			cl := cat.readCall(r.Params.Name, r.Params.Arguments)
			if cl == nil {
				return next(ctx, method, req) // go-sdk answers an unknown tool
			}
			ctx = context.WithValue(ctx, callKey{}, cl)
			if cl.alias == nil {
				return next(ctx, method, req)
			}
			params := *r.Params
			params.Name = cl.entry.Name
			renamed := *r
			renamed.Params = &params
			return next(ctx, method, &renamed)
		}
	}
}

// callOf is the call the edge read for a tools/call request (readCalls), or, for a handler
// reached without it, the call read now.
func callOf(ctx context.Context, cat *Catalog, req *mcp.CallToolRequest) *incoming {
	if cl, ok := ctx.Value(callKey{}).(*incoming); ok {
		return cl
	}
	return cat.readCall(req.Params.Name, req.Params.Arguments)
}
