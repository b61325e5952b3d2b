package transport

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// How the stdio filter reads a line: its top-level members by name, with no reflection and
// no copy. The line has passed json.Valid, so the scan only finds where each member's name
// and value end. Names are matched as go-sdk matches them: exactly, after their escapes
// are decoded ("meth\u006fd" is method, "Method" is not), the last of a repeated name
// winning. TestCheckDecodesAsTheSDKDecodes holds that against jsonrpc.DecodeMessage.

// eachMember calls f with the name and the raw value of each member of obj, a JSON object
// that json.Valid accepted, in order.
func eachMember(obj []byte, f func(name string, value []byte)) {
	i := skipSpace(obj, 1) // past '{'
	for i < len(obj) && obj[i] == '"' {
		end := stringEnd(obj, i)
		name := unquote(obj[i:end])
		i = skipSpace(obj, skipSpace(obj, end)+1) // past ':'
		vend := valueEnd(obj, i)
		f(name, obj[i:vend])
		i = skipSpace(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = skipSpace(obj, i+1)
		}
	}
}

// maxDepth is how deep go-sdk lets a message nest (objects and arrays): it refuses a deeper
// one whole.
const maxDepth = 1000

// deeperThan reports whether b, valid JSON, nests objects and arrays deeper than max.
func deeperThan(b []byte, max int) bool {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			i = stringEnd(b, i) - 1
		case '{', '[':
			if depth++; depth > max {
				return true
			}
		case '}', ']':
			depth--
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd is the index just past the string that starts at b[i] (a quote).
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// valueEnd is the index just past the value that starts at b[i].
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = stringEnd(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for ; i < len(b); i++ { // a number, true, false or null
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return i
}

// unquote is the text of a JSON string (quotes included in raw); its escapes decoded.
func unquote(raw []byte) string {
	if len(raw) < 2 {
		return ""
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	_ = json.Unmarshal(raw, &s) // valid JSON, so a valid string
	return s
}

// validID returns the id of a message as its reply will carry it (idJSON's form: a string
// re-encoded, an integer in decimal; nil for none or null), and whether it is valid: MCP
// ids are strings or integers.
func validID(raw []byte) (json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return nil, true
	case raw[0] == '"':
		return marshalString(unquote(raw)), true
	case bytes.ContainsAny(raw, ".eE"):
		return nil, false
	}
	i, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return nil, false
	}
	return strconv.AppendInt(nil, i, 10), true
}

// wireError reads a reply's error as go-sdk does, its member names matched exactly.
func wireError(raw []byte) (*jsonrpc.Error, bool) {
	if raw[0] != '{' {
		return nil, false
	}
	e, ok := &jsonrpc.Error{}, true
	eachMember(raw, func(name string, value []byte) {
		switch {
		case string(value) == "null":
		case name == "code":
			ok = ok && json.Unmarshal(value, &e.Code) == nil
		case name == "message":
			ok = ok && value[0] == '"'
			e.Message = unquote(value)
		case name == "data":
			e.Data = value
		}
	})
	return e, ok
}

// messageID is the jsonrpc.ID of an id in validID's form (nil: none), as go-sdk makes it: a
// number is read as a float64.
func messageID(id json.RawMessage) jsonrpc.ID {
	if id == nil {
		return jsonrpc.ID{}
	}
	var v any = unquote(id)
	if id[0] != '"' {
		n, _ := strconv.ParseInt(string(id), 10, 64)
		v = float64(n)
	}
	i, _ := jsonrpc.MakeID(v)
	return i
}
