package transport

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/transport/stdiotest"
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

// The writer notes a reply by its id, read from the head of the line: the SDK writes "id"
// before "result", so the result itself (truncated here) is never scanned.
func TestReplyIDReadsTheHeadOfALine(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"jsonrpc":"2.0","id":2,"result":{"tools":[`, `2`},
		{`{"jsonrpc":"2.0","id":"a-1","result":{}}`, `"a-1"`},
		{`{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"x"}}`, `7`},
		{`{"jsonrpc":"2.0","result":{"x":[1,{"id":3}]},"id":3}`, `3`},
		{`{"jsonrpc":"2.0","id":4,"method":"sampling/createMessage","params":{}}`, ``},
		{`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1}}`, ``},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, ``},
		{`{"jsonrpc":"2.0","id":5}`, ``},
		{`[1]`, ``},
	} {
		if got := string(replyID([]byte(c.line))); got != c.want {
			t.Errorf("%s: id %q, want %q", c.line, got, c.want)
		}
	}
}

// The writer passes whole lines through as they come and holds back a partial one until
// its end arrives, noting each reply as its line is written.
func TestStdioWriterWritesWholeLinesAndNotesReplies(t *testing.T) {
	var out bytes.Buffer
	w := &stdioWriter{out: &out, pending: map[string]bool{}}
	w.expect("1")
	w.expect("2")
	w.expect("3")
	for _, part := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n",
		`{"jsonrpc":"2.0","id":2,"res`,
		`ult":{}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/message","params":{}}` + "\n" + `{"jsonrpc":"2.0","id":3,`,
	} {
		if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	want := `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/message","params":{}}` + "\n"
	if out.String() != want {
		t.Errorf("written %q, want %q", out.String(), want)
	}
	if len(w.pending) != 1 || !w.pending["3"] {
		t.Errorf("pending %v, want only 3 (its line is not complete)", w.pending)
	}
	w.Write([]byte(`"result":{}}` + "\n"))
	if len(w.pending) != 0 {
		t.Errorf("pending %v after the third reply", w.pending)
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
