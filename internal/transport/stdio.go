package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio is the stdio transport: a go-sdk Connection (stdioConn) over line-delimited
// JSON-RPC. go-sdk's own stdio transport ends the session on the first line it cannot decode,
// and drops the replies still being made when its input ends. Here each line of stdin is
// checked before the SDK sees it: a malformed one is answered with the JSON-RPC error it
// deserves (parse error -32700 for what is not JSON, invalid request -32600 for JSON that is
// not one JSON-RPC 2.0 message, a batch included: MCP has none since 2025-06-18) and the
// server goes on; at the end of stdin the SDK is told only once every request forwarded has
// its reply written (at most drainWait). A line's members are read in place (members.go)
// into the message jsonrpc.DecodeMessage would make, with no decoder in between, and a reply
// is written as go-sdk would write it without encoding its result a second time
// (encodeLine): a tools/list answer is 28 kB, which go-sdk's own transport checks and
// compacts again after making it.

// maxLine bounds one line of stdin: a longer one is refused as a whole, unread.
const maxLine = 4 << 20

// ServeStdio serves srv over a line-delimited JSON-RPC stream (stdin and stdout) until in
// ends and the replies in flight are written, or ctx is cancelled. The wait for those
// replies is bounded by callTimeout (0 means server.DefaultCallTimeout) and ten seconds.
func ServeStdio(ctx context.Context, srv *mcp.Server, in io.Reader, out io.Writer, callTimeout time.Duration) error {
	if callTimeout <= 0 {
		callTimeout = server.DefaultCallTimeout
	}
	c := &stdioConn{
		w:        &stdioWriter{out: out, pending: map[string]bool{}},
		incoming: make(chan jsonrpc.Message),
		end:      make(chan struct{}),
		closed:   make(chan struct{}),
	}
	go c.readLines(in, callTimeout+10*time.Second)
	return srv.Run(ctx, c)
}

// stdioConn is the one connection of a stdio server: both the mcp.Transport and the
// mcp.Connection it makes.
type stdioConn struct {
	w         *stdioWriter
	incoming  chan jsonrpc.Message // the checked messages, one at a time
	end       chan struct{}        // closed at the end of input, the replies due written
	endErr    error                // why input ended (nil: its end), set before end closes
	closed    chan struct{}
	closeOnce sync.Once
	connected atomic.Bool
}

// Connect returns the connection, once: stdin is read by one session.
func (c *stdioConn) Connect(context.Context) (mcp.Connection, error) {
	if !c.connected.CompareAndSwap(false, true) {
		return nil, errors.New("transport: stdio serves one session")
	}
	return c, nil
}

// Read returns the next checked message, or io.EOF at the end of input.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case m := <-c.incoming:
		return m, nil
	case <-c.end: // readLines sends nothing after it closes end
		if c.endErr != nil {
			return nil, c.endErr
		}
		return nil, io.EOF
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write writes one message as one line.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	line, reply, err := encodeLine(msg)
	if err != nil {
		return err
	}
	return c.w.writeMessage(line, reply)
}

// Close stops reading: Read returns io.EOF, and no further line is forwarded.
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

func (c *stdioConn) SessionID() string { return "" }

// readLines forwards the well-formed messages of in to Read and answers the others, until
// in ends (or fails, or the connection closes); then it waits for the replies due (at most
// drainWait) and ends the input.
func (c *stdioConn) readLines(in io.Reader, drainWait time.Duration) {
	err := filterLines(in, c.w, func(m jsonrpc.Message) bool {
		select {
		case c.incoming <- m:
			return true
		case <-c.closed:
			return false
		}
	})
	select {
	case <-c.closed: // nobody reads the replies' end
	default:
		c.w.waitDrained(drainWait)
	}
	c.endErr = err
	close(c.end)
}

// filterLines decodes the well-formed messages of in, one per line, and hands each to
// forward; it answers the others through w. It returns at the end of in (nil), on a read
// error, or when forward refuses a message (the connection is closed).
func filterLines(in io.Reader, w *stdioWriter, forward func(jsonrpc.Message) bool) error {
	r := bufio.NewReader(in) // 4 kB: a longer line comes in chunks (readLine); a 64 kB buffer was 16 pages zeroed at start
	for {
		line, tooLong, err := readLine(r)
		if len(line) > 0 || tooLong {
			if m, reply := w.check(line, tooLong); reply != nil {
				w.writeLine(reply)
			} else if !forward(m) {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine reads one line without its end; tooLong says it was over maxLine (and skipped).
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxLine {
			tooLong, line = true, nil
		} else if !tooLong {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSpace(line), tooLong, err
	}
}

// check returns a well-formed line's message, made as go-sdk's jsonrpc.DecodeMessage makes
// it (noting a request whose reply is due, or a cancellation of one), or the error reply to
// a malformed line.
func (w *stdioWriter) check(line []byte, tooLong bool) (jsonrpc.Message, []byte) {
	switch {
	case tooLong:
		return nil, errorReply(nil, -32600, "Invalid Request: the line is longer than 4 MB")
	case !utf8.Valid(line):
		return nil, errorReply(nil, -32700, "Parse error: the line is not valid UTF-8")
	case !json.Valid(line):
		return nil, errorReply(nil, -32700, "Parse error: the line is not JSON")
	case line[0] == '[':
		return nil, errorReply(nil, -32600, "Invalid Request: batches are not supported: send one message per line")
	case line[0] != '{':
		return nil, errorReply(nil, -32600, "Invalid Request: a message is a JSON object")
	case deeperThan(line, maxDepth):
		return nil, errorReply(nil, -32600, "Invalid Request: the message nests objects and arrays more than 1000 deep")
	}
	var version, rawID, method, params, result, rpcErr []byte
	eachMember(line, func(name string, value []byte) {
		if string(value) == "null" && name != "params" && name != "result" {
			value = nil // null is no value, but for params and result, which go-sdk keeps
		}
		switch name {
		case "jsonrpc":
			version = value
		case "id":
			rawID = value
		case "method":
			method = value
		case "params":
			params = value
		case "result":
			result = value
		case "error":
			rpcErr = value
		}
	})
	if (version != nil && version[0] != '"') || (method != nil && method[0] != '"') {
		return nil, errorReply(nil, -32600, "Invalid Request: the message's fields have the wrong types")
	}
	id, idOK := validID(rawID)
	name := unquote(method)
	var reply json.RawMessage
	if idOK {
		reply = id
	}
	switch {
	case version == nil || unquote(version) != "2.0":
		return nil, errorReply(reply, -32600, `Invalid Request: "jsonrpc" must be "2.0"`)
	case !idOK:
		return nil, errorReply(nil, -32600, "Invalid Request: an id is a string or an integer")
	case method != nil && len(result)+len(rpcErr) > 0:
		return nil, errorReply(reply, -32600, "Invalid Request: a message has a method or a result, not both")
	case method == nil && (id == nil || len(result)+len(rpcErr) == 0):
		return nil, errorReply(reply, -32600, `Invalid Request: "method" is missing`)
	case method != nil && name == "":
		return nil, errorReply(reply, -32600, `Invalid Request: "method" is empty`)
	case len(params) > 0 && params[0] != '{' && params[0] != '[' && string(params) != "null":
		return nil, errorReply(reply, -32602, "Invalid params: params is an object")
	}
	msgID := messageID(id)
	if method == nil {
		resp := &jsonrpc.Response{ID: msgID, Result: result}
		if rpcErr != nil {
			e, ok := wireError(rpcErr)
			if !ok {
				return nil, errorReply(reply, -32600, "Invalid Request: an error is an object with a code and a message")
			}
			resp.Error = e
		}
		return resp, nil
	}
	if id != nil {
		w.expect(string(id))
	} else if name == "notifications/cancelled" && len(params) > 0 && params[0] == '{' {
		eachMember(params, func(member string, value []byte) {
			if member == "requestId" {
				if cancelled, ok := validID(value); ok && cancelled != nil {
					w.answered(string(cancelled))
				}
			}
		})
	}
	return &jsonrpc.Request{ID: msgID, Method: name, Params: params}, nil
}

func errorReply(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg}})
	return b
}

// stdioWriter is stdout, shared by the SDK and the filter's replies, one whole line at a
// time. It keeps the ids of the requests forwarded whose reply is not written yet.
type stdioWriter struct {
	mu      sync.Mutex
	out     io.Writer
	pending map[string]bool
	drained chan struct{} // closed when pending empties, while waitDrained waits
}

// writeMessage writes one line of the server's, noting the reply to the request whose
// id (as validID writes it) is reply, if any.
func (w *stdioWriter) writeMessage(line []byte, reply string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := w.out.Write(line); err != nil {
		return err
	}
	if reply != "" {
		w.answeredLocked(reply)
	}
	return nil
}

// encodeLine is msg as go-sdk's stdio transport writes it (jsonrpc.EncodeMessage and a
// newline), and for a reply its id (idJSON). A reply with a result is put together here:
// go-sdk made its result with encoding/json a moment before (compact, valid, no raw
// newline), and EncodeMessage would check and compact it once more.
func encodeLine(msg jsonrpc.Message) (line []byte, reply string, err error) {
	resp, ok := msg.(*jsonrpc.Response)
	if ok && resp.ID.IsValid() {
		id := idJSON(resp.ID)
		reply = string(id)
		if resp.Error == nil && len(resp.Result) > 0 && bytes.IndexByte(resp.Result, '\n') < 0 {
			line = make([]byte, 0, len(replyHead)+len(id)+len(replyResult)+len(resp.Result)+2)
			line = append(append(append(append(line, replyHead...), id...), replyResult...), resp.Result...)
			return append(line, '}', '\n'), reply, nil
		}
	}
	if line, err = jsonrpc.EncodeMessage(msg); err != nil {
		return nil, "", fmt.Errorf("transport: encode a message: %w", err)
	}
	return append(line, '\n'), reply, nil
}

const (
	replyHead   = `{"jsonrpc":"2.0","id":`
	replyResult = `,"result":`
)

// idJSON is a valid id as go-sdk writes it in a reply, and as the filter notes the request
// it answers (validID): an integer in decimal, a string without HTML escaping.
func idJSON(id jsonrpc.ID) []byte {
	switch v := id.Raw().(type) {
	case int64:
		return strconv.AppendInt(nil, v, 10)
	case string:
		return marshalString(v)
	default: // go-sdk makes only those two
		b, _ := json.Marshal(v)
		return b
	}
}

// marshalString is a JSON string as go-sdk writes it: without HTML escaping.
func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func (w *stdioWriter) writeLine(b []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, _ = w.out.Write(append(b, '\n'))
}

func (w *stdioWriter) expect(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pending[id] = true
}

func (w *stdioWriter) answered(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.answeredLocked(id)
}

func (w *stdioWriter) answeredLocked(id string) {
	delete(w.pending, id)
	if len(w.pending) == 0 && w.drained != nil {
		close(w.drained)
		w.drained = nil
	}
}

// waitDrained waits until every request forwarded has its reply written, at most max.
func (w *stdioWriter) waitDrained(max time.Duration) {
	w.mu.Lock()
	if len(w.pending) == 0 {
		w.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	w.drained = ch
	w.mu.Unlock()
	select {
	case <-ch:
	case <-time.After(max):
	}
}
