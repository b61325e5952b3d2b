package transport

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/transport/stdiotest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// wellFormed are lines the filter forwards, each a corner of how go-sdk reads a message.
var wellFormed = []string{
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`,
	`{"jsonrpc":"2.0","id":1,"meth\u006fd":"a"}`,
	`{"jsonrpc":"2.0","id":1,"method":"a\u0062","Method":"x","ID":7}`,
	`{"jsonrpc":"2\u002e0","id":"x\u0041\u003c","method":"a"}`,
	`{"jsonrpc":"2.0","id":"<&>","method":"a"}`,
	`{"jsonrpc":"2.0","id":1,"method":"a","params":null}`,
	` { "jsonrpc" : "2.0" , "id" : -3 , "method" : "a" , "params" : { "x" : [ 1 , "}" , {"y":"\"]"} ] } } `,
	`{"jsonrpc":"2.0","id":1,"method":"a","params":[1,2]}`,
	`{"jsonrpc":"2.0","id":1,"result":{"a":1},"error":null}`,
	`{"jsonrpc":"2.0","id":1,"result":null}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":5,"message":"m","data":[1]}}`,
	`{"jsonrpc":"2.0","id":12345678901234567,"method":"a"}`,
	`{"jsonrpc":"2.0","id":null,"method":"a"}`,
	`{"jsonrpc":"2.0","id":1,"method":"a","id":"2"}`,
	`{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"get_events","arguments":{"oldest":"2026-01-01"}},"other":{"method":"x"}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a","reason":"x"}}`,
}

// The filter makes each message as go-sdk's jsonrpc.DecodeMessage would (it no longer
// decodes a line twice): the same request or reply, field for field.
func TestCheckDecodesAsTheSDKDecodes(t *testing.T) {
	for _, line := range wellFormed {
		agree(t, bytes.TrimSpace([]byte(line)), true) // as readLine gives it
	}
}

// A message nested deeper than go-sdk reads is refused whole, as go-sdk refuses it; one
// level less is forwarded.
func TestCheckRefusesWhatNestsTooDeep(t *testing.T) {
	nested := func(depth int) []byte {
		return []byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":` + strings.Repeat("[", depth-2) + `"]["` + strings.Repeat("]", depth-2) + `}}`)
	}
	agree(t, nested(maxDepth), true)
	deep := nested(maxDepth + 1)
	if _, err := jsonrpc.DecodeMessage(deep); err == nil {
		t.Fatal("go-sdk reads a message nested 1001 deep: this test checks nothing")
	}
	agree(t, deep, false)
}

// Every line: what the filter forwards, go-sdk reads the same; what go-sdk cannot read,
// the filter answers with an error.
func FuzzCheckAgreesWithTheSDK(f *testing.F) {
	for _, line := range wellFormed {
		f.Add([]byte(line))
	}
	for _, l := range stdiotest.Bad {
		if len(l.Text) < 1<<10 {
			f.Add([]byte(l.Text))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || len(line) > maxLine {
			return
		}
		agree(t, line, false)
	})
}

func agree(t *testing.T, line []byte, mustForward bool) {
	t.Helper()
	w := &stdioWriter{out: &bytes.Buffer{}, pending: map[string]bool{}}
	got, reply := w.check(line, false)
	want, err := jsonrpc.DecodeMessage(line)
	switch {
	case reply != nil && mustForward:
		t.Errorf("%s: refused: %s", line, reply)
	case reply != nil:
		var r struct {
			Error struct{ Code int } `json:"error"`
		}
		if json.Unmarshal(reply, &r) != nil || r.Error.Code == 0 {
			t.Errorf("%s: the refusal is not a JSON-RPC error: %s", line, reply)
		}
	case err != nil:
		t.Errorf("%s: forwarded, but go-sdk cannot read it: %v", line, err)
	case !reflect.DeepEqual(got, want):
		t.Errorf("%s:\n made %#v\n go-sdk %#v", line, got, want)
	}
}
