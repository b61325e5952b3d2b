package transport

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/transport/stdiotest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// A line that is not JSON gets -32700, and the request after it is answered.
func TestStdioAnswersABadLineAndTheNextRequest(t *testing.T) {
	out := serveScript(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return ServeStdio(ctx, testServer(t), in, out, 0)
	}, "{not json\n"+`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	if !strings.Contains(out, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`) {
		t.Errorf("no parse error for the bad line:\n%s", out)
	}
	if !strings.Contains(out, `{"jsonrpc":"2.0","id":2,"result":{}}`) {
		t.Errorf("the ping after the bad line is not answered:\n%s", out)
	}
}

// A line far longer than the reader's buffer reaches the SDK whole.
func TestALongLineReachesTheSDKWhole(t *testing.T) {
	out := serveScript(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return ServeStdio(ctx, profileServer(t), in, out, 0)
	}, `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"_meta":{"x":"`+strings.Repeat("y", 300<<10)+`"}}}`+"\n")
	if !strings.Contains(out, `{"jsonrpc":"2.0","id":9,"result":{}}`) {
		t.Errorf("no reply to the 300 kB ping:\n%.500s", out)
	}
}

// What go-sdk's own stdio does without stdioGuard (go-sdk issue #1209): a line it cannot
// decode ends the session, and the request after it is never answered. When this test
// fails, go-sdk answers such lines itself: stdioGuard's first half can go.
func TestGoSDKStdioEndsTheSessionOnAMalformedLine(t *testing.T) {
	out := serveScript(t, sdkStdio(t), "{not json\n"+`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	if strings.Contains(out, `"id":2`) {
		t.Errorf("go-sdk answered the request after a malformed line: it survives them now, and stdioGuard's check can go (go-sdk #1209):\n%s", out)
	}
}

// What go-sdk's own stdio does without stdioGuard (go-sdk issue #1061): the reply to a call
// still running when stdin ends is dropped. When this test fails, go-sdk writes it: the
// guard's wait at the end of input can go.
func TestGoSDKStdioDropsTheRepliesInFlightAtTheEndOfInput(t *testing.T) {
	srv := profileServer(t, fault(t, "latency:300ms,op=getAthlete"))
	out := serveScript(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return srv.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}})
	}, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"profile","arguments":{}}}`+"\n")
	if strings.Contains(out, `"id":2`) {
		t.Errorf("go-sdk wrote the reply of a call in flight at the end of stdin: stdioGuard's wait can go (go-sdk #1061):\n%s", out)
	}
	guarded := serveScript(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return ServeStdio(ctx, srv, in, out, 5*time.Second)
	}, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"profile","arguments":{}}}`+"\n")
	if !strings.Contains(guarded, `"id":2`) {
		t.Errorf("through the guard, the call in flight at the end of stdin is not answered:\n%s", guarded)
	}
}

// serveScript runs serve on stdiotest.Init and script as stdin and returns what it wrote.
func serveScript(t *testing.T, serve func(ctx context.Context, in io.Reader, out io.Writer) error, script string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var out lockedBuffer
	_ = serve(ctx, strings.NewReader(stdiotest.Init+script), &out) // go-sdk's own stdio may end with the decoding error
	return out.String()
}

// sdkStdio serves testServer through go-sdk's IOTransport alone.
func sdkStdio(t *testing.T) func(ctx context.Context, in io.Reader, out io.Writer) error {
	return func(ctx context.Context, in io.Reader, out io.Writer) error {
		return testServer(t).Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}})
	}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// lockedBuffer is a bytes.Buffer written by the server and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
