package server

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The reference server's argument names: each tool's own (manifest.Alias, in its Def), and
// the two that every tool of the reference server takes, athlete_id and api_key.

// athleteIDArg is the reference server's name of the athlete argument.
const athleteIDArg = "athlete_id"

// referenceArgs puts the values given under the reference server's names under ours, before
// the schema's check: athlete_id becomes the coach's athlete argument (coach mode), or is
// returned as asked, for the call to check that it is the athlete served. api_key is refused:
// the key is the server's, never an argument the model sends.
func referenceArgs(e *Entry, args json.RawMessage, coach bool) (_ json.RawMessage, asked string, _ error) {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil || m == nil {
		return args, "", nil // the schema's check says what is wrong
	}
	key, changed := m["api_key"]
	if changed && !isNull(key) && string(key) != `""` {
		return nil, "", manifest.Errorf("api_key is not an argument of intervals-mcp: it calls Intervals.icu with the credential it was started with (API_KEY, or the account signed in); leave api_key out")
	}
	delete(m, "api_key")
	if raw, ok := m[athleteIDArg]; ok {
		delete(m, athleteIDArg)
		changed = true
		if !isNull(raw) {
			who, err := athleteValue(raw)
			if err != nil {
				return nil, "", err
			}
			if !coach {
				asked = who
			} else if _, both := m[AthleteArg]; both {
				return nil, "", manifest.Errorf("athlete_id and athlete are the same argument (athlete_id is the reference server's name): give athlete only")
			} else {
				m[AthleteArg], _ = json.Marshal(who)
			}
		}
	}
	renamed, err := renameArgs(m, e.Aliases, "the reference server's")
	if err != nil {
		return nil, "", err
	}
	changed = changed || renamed
	if !changed {
		return args, asked, nil
	}
	out, err := json.Marshal(m)
	return out, asked, err
}

// renameArgs puts the values m holds under other servers' names (aliases, whose says whose:
// "the reference server's") under ours, and reports whether it changed m. A null value
// leaves the argument out; a value given under both names is refused.
func renameArgs(m map[string]json.RawMessage, aliases []manifest.Alias, whose string) (changed bool, _ error) {
	for _, a := range aliases {
		raw, ok := m[a.Name]
		if !ok {
			continue
		}
		delete(m, a.Name)
		changed = true
		if isNull(raw) {
			continue // their way of leaving an argument out
		}
		ours := map[string]json.RawMessage{}
		if a.Convert != nil {
			var err error
			if ours, err = a.Convert(raw); err != nil {
				return false, manifest.Errorf("argument %s: %v", a.Name, err)
			}
		} else if a.For != "" {
			ours[a.For] = raw
		}
		for name, v := range ours {
			if _, both := m[name]; both {
				return false, manifest.Errorf("%s and %s are the same argument (%s is %s name for %s): give %s only", a.Name, name, a.Name, whose, name, name)
			}
			m[name] = v
		}
	}
	return changed, nil
}

func isNull(raw json.RawMessage) bool { return strings.TrimSpace(string(raw)) == "null" }

// athleteValue reads an athlete id given as a string (i12345) or a number (12345).
func athleteValue(raw json.RawMessage) (string, error) {
	var who string
	if json.Unmarshal(raw, &who) != nil {
		var n json.Number
		if json.Unmarshal(raw, &n) != nil {
			return "", manifest.Errorf("argument athlete_id: expected an athlete id such as i12345")
		}
		who = n.String()
	}
	who = strings.TrimSpace(who)
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
