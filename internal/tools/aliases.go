package tools

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The reference server's argument names (mvilanova/intervals-mcp-server, tools/*.py), tool by
// tool, where they differ from ours: each tool's Def lists its own (manifest.Alias), and the
// server puts their values under our names before the schema's check. Its athlete_id and
// api_key, which every one of its tools takes, are the server's (internal/server/aliases.go).

// rangeAliases are the reference server's names of a local date range.
var rangeAliases = []manifest.Alias{{Name: "start_date", For: "oldest"}, {Name: "end_date", For: "newest"}}

// aliases joins alias lists.
func aliases(lists ...[]manifest.Alias) []manifest.Alias {
	var out []manifest.Alias
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// dropped are reference arguments that change nothing we answer (each use says why).
func dropped(names ...string) []manifest.Alias {
	out := make([]manifest.Alias, len(names))
	for i, n := range names {
		out[i] = manifest.Alias{Name: n}
	}
	return out
}

// refused is a reference argument we cannot honour: any value but false, null or "" is an
// error that says why, rather than an answer that silently ignores it.
func refused(name, why string) manifest.Alias {
	return manifest.Alias{Name: name, Convert: func(v json.RawMessage) (map[string]json.RawMessage, error) {
		switch strings.TrimSpace(string(v)) {
		case "false", `""`:
			return nil, nil
		}
		return nil, fmt.Errorf("%s", why)
	}}
}

// commaList is the reference server's list in one string ("watts,heartrate") as our array;
// an array is taken as it is.
func commaList(to string) func(json.RawMessage) (map[string]json.RawMessage, error) {
	return func(v json.RawMessage) (map[string]json.RawMessage, error) {
		var s string
		if json.Unmarshal(v, &s) != nil {
			return map[string]json.RawMessage{to: v}, nil
		}
		var items []string
		for _, it := range strings.Split(s, ",") {
			if it = strings.TrimSpace(it); it != "" {
				items = append(items, it)
			}
		}
		b, err := json.Marshal(items)
		return map[string]json.RawMessage{to: b}, err
	}
}

// secondsText is the reference server's duration, a number of seconds, as our duration text.
func secondsText(to string) func(json.RawMessage) (map[string]json.RawMessage, error) {
	return func(v json.RawMessage) (map[string]json.RawMessage, error) {
		var n json.Number
		if err := json.Unmarshal(v, &n); err != nil {
			return map[string]json.RawMessage{to: v}, nil // text: ours to check
		}
		b, err := json.Marshal(n.String())
		return map[string]json.RawMessage{to: b}, err
	}
}

// metresText is the reference server's distance, a number of metres, as our distance text
// ("30000m"); text is ours to check ("30km").
func metresText(to string) func(json.RawMessage) (map[string]json.RawMessage, error) {
	return func(v json.RawMessage) (map[string]json.RawMessage, error) {
		var n json.Number
		if err := json.Unmarshal(v, &n); err != nil {
			var s string
			if json.Unmarshal(v, &s) == nil {
				if _, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
					n = json.Number(strings.TrimSpace(s)) // "30000", as pydantic takes it
				}
			}
			if n == "" {
				return map[string]json.RawMessage{to: v}, nil
			}
		}
		b, err := json.Marshal(n.String() + "m")
		return map[string]json.RawMessage{to: b}, err
	}
}
