package transport

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's stdio transport ends the session on the first line it cannot decode, and drops
// the replies still being made when its input ends. ServeStdio puts a filter in front of
// it: each line of stdin is checked before the SDK sees it, a malformed one is answered here
// with the JSON-RPC error it deserves (parse error -32700 for what is not JSON, invalid
// request -32600 for JSON that is not one JSON-RPC 2.0 message, a batch included: MCP has
// none since 2025-06-18) and the server goes on; and at the end of stdin the SDK's input is
// held open until every request forwarded has its reply written (at most drainWait).

// maxLine bounds one line of stdin: a longer one is refused as a whole, unread.
const maxLine = 4 << 20

// ServeStdio serves srv over a line-delimited JSON-RPC stream (stdin and stdout) until in
// ends and the replies in flight are written, or ctx is cancelled. The wait for those
// replies is bounded by callTimeout (0 means server.DefaultCallTimeout) and ten seconds.
func ServeStdio(ctx context.Context, srv *mcp.Server, in io.Reader, out io.Writer, callTimeout time.Duration) error {
	if callTimeout <= 0 {
		callTimeout = server.DefaultCallTimeout
	}
	drainWait := callTimeout + 10*time.Second
	pr, pw := io.Pipe()
	w := &stdioWriter{out: out, pending: map[string]bool{}}
	go func() {
		err := filterLines(in, pw, w)
		w.waitDrained(drainWait)
		pw.CloseWithError(err)
	}()
	return srv.Run(ctx, &mcp.IOTransport{Reader: pr, Writer: nopCloser{w}})
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// filterLines copies the well-formed messages of in to sdk, one per line, and answers the
// others through w. It returns at the end of in (nil) or on a read error.
func filterLines(in io.Reader, sdk io.Writer, w *stdioWriter) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r)
		if len(line) > 0 || tooLong {
			if reply := w.check(line, tooLong); reply != nil {
				w.writeLine(reply)
			} else if _, werr := sdk.Write(append(line, '\n')); werr != nil {
				return werr
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

// message is what the filter reads of a JSON-RPC message.
type message struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// check returns the error reply to a malformed line, or nil to forward it (noting a request
// whose reply is due, or a cancellation of one).
func (w *stdioWriter) check(line []byte, tooLong bool) []byte {
	switch {
	case tooLong:
		return errorReply(nil, -32600, "Invalid Request: the line is longer than 4 MB")
	case !utf8.Valid(line):
		return errorReply(nil, -32700, "Parse error: the line is not valid UTF-8")
	case !json.Valid(line):
		return errorReply(nil, -32700, "Parse error: the line is not JSON")
	case line[0] == '[':
		return errorReply(nil, -32600, "Invalid Request: batches are not supported: send one message per line")
	case line[0] != '{':
		return errorReply(nil, -32600, "Invalid Request: a message is a JSON object")
	}
	var m message
	if err := json.Unmarshal(line, &m); err != nil {
		return errorReply(nil, -32600, "Invalid Request: the message's fields have the wrong types")
	}
	id, idOK := validID(m.ID)
	var reply json.RawMessage
	if idOK {
		reply = id
	}
	switch {
	case m.JSONRPC == nil || *m.JSONRPC != "2.0":
		return errorReply(reply, -32600, `Invalid Request: "jsonrpc" must be "2.0"`)
	case !idOK:
		return errorReply(nil, -32600, "Invalid Request: an id is a string or an integer")
	case m.Method != nil && len(m.Result)+len(m.Error) > 0:
		return errorReply(reply, -32600, "Invalid Request: a message has a method or a result, not both")
	case m.Method == nil && (id == nil || len(m.Result)+len(m.Error) == 0):
		return errorReply(reply, -32600, `Invalid Request: "method" is missing`)
	case m.Method != nil && *m.Method == "":
		return errorReply(reply, -32600, `Invalid Request: "method" is empty`)
	case len(m.Params) > 0 && m.Params[0] != '{' && m.Params[0] != '[' && string(m.Params) != "null":
		return errorReply(reply, -32602, "Invalid params: params is an object")
	}
	if m.Method != nil {
		if id != nil {
			w.expect(string(id))
		} else if *m.Method == "notifications/cancelled" {
			var p struct {
				RequestID json.RawMessage `json:"requestId"`
			}
			if json.Unmarshal(m.Params, &p) == nil && p.RequestID != nil {
				w.answered(string(p.RequestID))
			}
		}
	}
	return nil
}

// validID returns the id of a message (nil for none or null) and whether it is valid: MCP
// ids are strings or integers.
func validID(raw json.RawMessage) (json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		b, _ := json.Marshal(s) // as the SDK writes it back, to match the reply
		return b, true
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		if i, err := n.Int64(); err == nil {
			b, _ := json.Marshal(i)
			return b, true
		}
	}
	return nil, false
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
	buf     []byte
	pending map[string]bool
	drained chan struct{} // closed when pending empties, while waitDrained waits
}

// Write takes the SDK's output and writes it line by line, noting the replies.
func (w *stdioWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	rest := p // written as it comes while nothing is held back (the SDK writes whole lines)
	if len(w.buf) > 0 {
		w.buf = append(w.buf, p...)
		rest = w.buf
	}
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		line := rest[:i+1]
		if _, err := w.out.Write(line); err != nil {
			return 0, err
		}
		if id := replyID(line); id != nil {
			w.answeredLocked(string(id))
		}
		rest = rest[i+1:]
	}
	w.buf = append(w.buf[:0], rest...)
	return len(p), nil
}

// replyID is the id of the reply a line of the SDK's output is (a message with a result or
// an error and no method), or nil. It reads the message's keys only as far as it needs: the
// SDK writes "jsonrpc", "id", then "method" or "result" or "error", so a reply's result (a
// tools/list is tens of kB) is not scanned.
func replyID(line []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var id json.RawMessage
	reply := false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		switch key {
		case "method":
			return nil
		case "result", "error":
			if id != nil {
				id, _ = validID(id) // nil for a null or invalid id
				return id
			}
			reply = true
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil
		}
		if key == "id" {
			id = value
		}
	}
	if !reply {
		return nil
	}
	id, _ = validID(id)
	return id
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
