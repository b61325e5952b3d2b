package stdiotest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Line is one line sent, and the error code expected in reply (0: the SDK answers it,
// with any error, or a notification that gets no reply).
type Line struct {
	Name string
	Text string
	Code int // -32700 parse error, -32600 invalid request, -32602 invalid params
	ID   any // the id the reply carries (nil: null)
}

// Bad is the table.
var Bad = []Line{
	{"not JSON", `not json`, -32700, nil},
	{"cut JSON", `{"jsonrpc":"2.0","id":60,"method":"ping"`, -32700, nil},
	{"invalid UTF-8", "{\"jsonrpc\":\"2.0\",\"id\":61,\"method\":\"ping\",\"params\":{\"x\":\"\xff\xfe\"}}", -32700, nil},
	{"no method", `{"jsonrpc":"2.0"}`, -32600, nil},
	{"empty batch", `[]`, -32600, nil},
	{"batch", `[{"jsonrpc":"2.0","id":62,"method":"ping"},{"jsonrpc":"2.0","id":63,"method":"ping"}]`, -32600, nil},
	{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, nil},
	{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, -32600, nil},
	{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, -32600, nil},
	{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":64,"method":"ping"}`, -32600, float64(64)},
	{"no jsonrpc", `{"id":65,"method":"ping"}`, -32600, float64(65)},
	{"jsonrpc a number", `{"jsonrpc":2,"id":66,"method":"ping"}`, -32600, float64(66)},
	{"a string", `"hello"`, -32600, nil},
	{"a number", `42`, -32600, nil},
	{"null", `null`, -32600, nil},
	{"method a number", `{"jsonrpc":"2.0","id":67,"method":5}`, -32600, float64(67)},
	{"empty method", `{"jsonrpc":"2.0","id":68,"method":""}`, -32600, float64(68)},
	{"method and result", `{"jsonrpc":"2.0","id":69,"method":"ping","result":{}}`, -32600, float64(69)},
	{"params a number", `{"jsonrpc":"2.0","id":70,"method":"ping","params":5}`, -32602, float64(70)},
	{"params a string", `{"jsonrpc":"2.0","id":71,"method":"tools/call","params":"x"}`, -32602, float64(71)},
	{"members in capitals", `{"JSONRPC":"2.0","id":76,"METHOD":"ping"}`, -32600, float64(76)},
	{"huge line", `{"jsonrpc":"2.0","id":72,"method":"ping","params":{"x":"` + strings.Repeat("x", 5<<20) + `"}}`, -32600, nil},
	{"unknown method", `{"jsonrpc":"2.0","id":73,"method":"no/such"}`, 0, float64(73)},
	{"unknown tool", `{"jsonrpc":"2.0","id":74,"method":"tools/call","params":{"name":"nope"}}`, 0, float64(74)},
	{"arguments not an object", `{"jsonrpc":"2.0","id":75,"method":"tools/call","params":{"name":"get_athlete_context","arguments":[1]}}`, 0, float64(75)},
}

// Init is what a client sends first.
const Init = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
`

// Reply is a reply read back.
type Reply struct {
	ID    any `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

// Script is the whole input: Init, every bad line, each followed by a ping with id
// 1000+i (which must be answered: the server is still serving), then calls of tool with ids
// 2000..2000+calls-1 sent last, right before the end of input.
func Script(tool string, calls int) string {
	var b strings.Builder
	b.WriteString(Init)
	for i, l := range Bad {
		b.WriteString(l.Text + "\n")
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", 1000+i)
	}
	for i := range calls {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`+"\n", 2000+i, tool)
	}
	return b.String()
}

// Check reads the replies of Script and returns what is wrong: a bad line without its
// error, a ping or a call without its reply.
func Check(out string, calls int) []string {
	byID := map[string][]Reply{}
	var problems []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r Reply
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			problems = append(problems, fmt.Sprintf("a line of stdout is not JSON: %.200s", line))
			continue
		}
		k := fmt.Sprint(r.ID)
		byID[k] = append(byID[k], r)
	}
	nulls := byID["<nil>"]
	for i, l := range Bad {
		if _, ok := byID[fmt.Sprint(float64(1000+i))]; !ok {
			problems = append(problems, fmt.Sprintf("%s: the ping after it got no reply (the server stopped)", l.Name))
		}
		if l.Code == 0 {
			if _, ok := byID[fmt.Sprint(l.ID)]; !ok {
				problems = append(problems, fmt.Sprintf("%s: no reply", l.Name))
			}
			continue
		}
		found := false
		if l.ID == nil {
			for j, r := range nulls {
				if r.Error != nil && r.Error.Code == l.Code {
					nulls = append(nulls[:j], nulls[j+1:]...)
					found = true
					break
				}
			}
		} else {
			for _, r := range byID[fmt.Sprint(l.ID)] {
				found = found || r.Error != nil && r.Error.Code == l.Code
			}
		}
		if !found {
			problems = append(problems, fmt.Sprintf("%s: no error %d in reply", l.Name, l.Code))
		}
	}
	for i := range calls {
		if _, ok := byID[fmt.Sprint(float64(2000+i))]; !ok {
			problems = append(problems, fmt.Sprintf("call %d: no reply before the end", 2000+i))
		}
	}
	return problems
}
