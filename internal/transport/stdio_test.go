package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/transport/stdiotest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Every malformed line gets its JSON-RPC error and the server goes on serving; the calls
// sent right before the end of input are all answered before ServeStdio returns.
func TestStdioSurvivesMalformedLinesAndAnswersEveryCallBeforeTheEnd(t *testing.T) {
	srv := profileServer(t, fault(t, "latency:300ms,op=getAthlete"))
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := ServeStdio(ctx, srv, strings.NewReader(stdiotest.Script("profile", 5)), &out, 5*time.Second)
	if err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	problems := stdiotest.Check(out.String(), 5)
	for _, p := range problems {
		t.Error(p)
	}
	fmt.Printf("adversarial suite: %d malformed stdin lines, %d problems (a missing error or reply, a stop)\n", len(stdiotest.Bad), len(problems))
}

// A message is written as go-sdk's own stdio transport writes it (jsonrpc.EncodeMessage and
// a newline), a reply with a result put together without encoding the result again, and a
// reply names the request it answers by the id the filter noted (validID's form).
func TestMessagesAreWrittenAsTheSDKWritesThem(t *testing.T) {
	id := func(v any) jsonrpc.ID {
		i, err := jsonrpc.MakeID(v)
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	result := json.RawMessage(`{"tools":[{"name":"a","description":"<b> & \u2028 \"x\"","inputSchema":{"type":"object"}}],"nextCursor":"c"}`)
	for _, c := range []struct {
		msg   jsonrpc.Message
		reply string // the id the filter noted for the request; "" for none
	}{
		{&jsonrpc.Response{ID: id(float64(2)), Result: result}, `2`},
		{&jsonrpc.Response{ID: id(float64(-9007199254740991)), Result: json.RawMessage(`{}`)}, `-9007199254740991`},
		{&jsonrpc.Response{ID: id("a-1"), Result: json.RawMessage(`{"x":[1,{"id":3}]}`)}, `"a-1"`},
		{&jsonrpc.Response{ID: id("<&> é \"q\" \u2028"), Result: json.RawMessage(`{}`)}, ""},
		{&jsonrpc.Response{ID: id(float64(7)), Error: &jsonrpc.Error{Code: -32602, Message: "x <y>"}}, `7`},
		{&jsonrpc.Response{ID: id(float64(8)), Result: json.RawMessage("{\n}")}, `8`},
		{&jsonrpc.Request{ID: id(float64(4)), Method: "sampling/createMessage", Params: json.RawMessage(`{}`)}, ""},
		{&jsonrpc.Request{Method: "notifications/progress", Params: json.RawMessage(`{"progressToken":1}`)}, ""},
	} {
		want, err := jsonrpc.EncodeMessage(c.msg)
		if err != nil {
			t.Fatal(err)
		}
		got, reply, err := encodeLine(c.msg)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want)+"\n" {
			t.Errorf("written %q\nwant    %q", got, string(want)+"\n")
		}
		wantReply := c.reply
		if r, ok := c.msg.(*jsonrpc.Response); ok && wantReply == "" {
			b, _ := json.Marshal(r.ID.Raw())
			noted, _ := validID(b)
			wantReply = string(noted)
		}
		if reply != wantReply {
			t.Errorf("%s: reply to %q, want %q", got, reply, wantReply)
		}
	}
}

// Each reply written settles the request it answers; a cancelled request is settled too.
func TestTheWriterSettlesTheRepliesDue(t *testing.T) {
	var out bytes.Buffer
	w := &stdioWriter{out: &out, pending: map[string]bool{}}
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"b","method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"b"}}`,
	} {
		if _, reply := w.check([]byte(line), false); reply != nil {
			t.Fatalf("%s refused: %s", line, reply)
		}
	}
	if len(w.pending) != 2 || !w.pending["1"] || !w.pending["3"] {
		t.Fatalf("pending %v, want 1 and 3 (b was cancelled)", w.pending)
	}
	line, reply, err := encodeLine(&jsonrpc.Response{ID: jsonrpc.ID{}, Result: json.RawMessage(`{}`)})
	if err != nil || reply != "" {
		t.Fatalf("a reply without id: %q, %v", reply, err)
	}
	_ = w.writeMessage(line, reply)
	i3, _ := jsonrpc.MakeID(float64(3))
	line, reply, _ = encodeLine(&jsonrpc.Response{ID: i3, Result: json.RawMessage(`{}`)})
	_ = w.writeMessage(line, reply)
	if len(w.pending) != 1 || !w.pending["1"] {
		t.Errorf("pending %v after the reply to 3, want 1", w.pending)
	}
	if !strings.HasSuffix(out.String(), `{"jsonrpc":"2.0","id":3,"result":{}}`+"\n") {
		t.Errorf("written %q", out.String())
	}
}

// A line far longer than the reader's buffer reaches the SDK whole.
func TestALongLineReachesTheSDKWhole(t *testing.T) {
	srv := profileServer(t)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	in := stdiotest.Init + `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"_meta":{"x":"` + strings.Repeat("y", 300<<10) + `"}}}` + "\n"
	if err := ServeStdio(ctx, srv, strings.NewReader(in), &out, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `{"jsonrpc":"2.0","id":9,"result":{}}`) {
		t.Errorf("no reply to the 300 kB ping:\n%.500s", out.String())
	}
}
