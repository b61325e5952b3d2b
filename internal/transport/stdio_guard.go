package transport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// stdioGuard stands between stdin and go-sdk's IOTransport for what go-sdk v1.8.0's stdio
// does not do yet. Delete it (and ServeStdio's use of it) once go-sdk does both;
// TestGoSDKStdio* in stdio_test.go fail on the day it does:
//
//   - go-sdk issue #1209 (fix proposed in PR #1210): a line it cannot decode ends the session.
//     The guard answers such a line itself, with the JSON-RPC error it deserves (-32700 for
//     what is not JSON, -32600 for JSON that is not one JSON-RPC 2.0 message, a batch
//     included: MCP has none since 2025-06-18, -32602 for params that are not an object or
//     an array), and passes go-sdk only what go-sdk's own decoder (jsonrpc.DecodeMessage)
//     takes.
//   - go-sdk issue #1061 (fix proposed in PR #1067): at the end of stdin it drops the replies
//     still being made, so a client that pipes its requests and closes stdin gets no answer.
//     The guard holds the end of stdin back until every request passed on has its reply
//     written (at most drainWait).
type stdioGuard struct {
	in        *bufio.Reader
	out       *guardedWriter
	line      []byte // what is left of the line go-sdk is reading
	drainWait time.Duration
}

// maxLine bounds one line of stdin: a longer one is refused as a whole.
const maxLine = 4 << 20

func newStdioGuard(in io.Reader, out io.Writer, drainWait time.Duration) *stdioGuard {
	return &stdioGuard{in: bufio.NewReader(in), out: &guardedWriter{w: out, pending: map[jsonrpc.ID]bool{}}, drainWait: drainWait}
}

// Read gives go-sdk the well-formed lines of stdin, one message a line, and answers the
// others; at the end of stdin it returns io.EOF once the replies due are written.
func (g *stdioGuard) Read(p []byte) (int, error) {
	for len(g.line) == 0 {
		line, tooLong, err := readLine(g.in)
		if len(line) > 0 || tooLong {
			if reply := g.out.check(line, tooLong); reply != nil {
				g.out.writeReply(reply)
			} else {
				g.line = append(line, '\n')
			}
		}
		if err == io.EOF && len(g.line) == 0 {
			g.out.waitDrained(g.drainWait)
			return 0, io.EOF
		}
		if err != nil && err != io.EOF {
			return 0, err
		}
	}
	n := copy(p, g.line)
	g.line = g.line[n:]
	return n, nil
}

// Close is the reader's: stdin is the process's, left open.
func (g *stdioGuard) Close() error { return nil }

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

// guardedWriter is stdout, shared by go-sdk and the guard's replies, one whole line a write.
// It keeps the requests passed on whose reply is not written yet.
type guardedWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending map[jsonrpc.ID]bool
	drained chan struct{} // closed when pending empties, while waitDrained waits
}

// check returns nil for a line go-sdk takes (noting a request whose reply is due, or a
// cancellation of one), or the error reply to a malformed line.
func (w *guardedWriter) check(line []byte, tooLong bool) []byte {
	switch {
	case tooLong:
		return errorReply(nil, -32600, "Invalid Request: the line is longer than 4 MB")
	case !utf8.Valid(line):
		return errorReply(nil, -32700, "Parse error: the line is not valid UTF-8")
	case !json.Valid(line):
		return errorReply(nil, -32700, "Parse error: the line is not JSON")
	case line[0] == '[':
		return errorReply(nil, -32600, "Invalid Request: batches are not supported: send one message per line")
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(line, &members) != nil || members == nil {
		return errorReply(nil, -32600, "Invalid Request: a message is a JSON object")
	}
	id, idOK := replyID(members["id"])
	msg, err := jsonrpc.DecodeMessage(line)
	switch {
	case !idOK:
		return errorReply(nil, -32600, "Invalid Request: an id is a string or an integer")
	case err != nil:
		return errorReply(id, -32600, "Invalid Request: "+err.Error())
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok {
		return nil // a reply to a request of the server's
	}
	_, result := members["result"]
	_, rpcErr := members["error"]
	params := members["params"]
	switch {
	case req.Method == "":
		return errorReply(id, -32600, `Invalid Request: "method" is empty`)
	case result || rpcErr:
		return errorReply(id, -32600, "Invalid Request: a message has a method or a result, not both")
	case len(params) > 0 && params[0] != '{' && params[0] != '[' && string(params) != "null":
		return errorReply(id, -32602, "Invalid params: params is an object")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if req.ID.IsValid() {
		w.pending[req.ID] = true
	} else if req.Method == "notifications/cancelled" {
		var c struct {
			RequestID any `json:"requestId"`
		}
		if json.Unmarshal(params, &c) == nil {
			if cancelled, err := jsonrpc.MakeID(c.RequestID); err == nil {
				w.answered(cancelled)
			}
		}
	}
	return nil
}

// replyID is a message's id as an error reply carries it: a string, an integer, or none
// (nil); ok is false for any other id, which go-sdk would take as another (1.5 as 1).
func replyID(raw json.RawMessage) (id json.RawMessage, ok bool) {
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return nil, true
	case raw[0] == '"':
		return raw, true
	}
	if _, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return raw, true
	}
	return nil, false
}

func errorReply(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	b, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, rpcError{code, msg}})
	return append(b, '\n')
}

// Write writes one line of go-sdk's (it writes a message a call), noting the reply to a
// request passed on.
func (w *guardedWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.w.Write(b)
	if msg, derr := jsonrpc.DecodeMessage(bytes.TrimSpace(b)); err == nil && derr == nil {
		if resp, ok := msg.(*jsonrpc.Response); ok {
			w.answered(resp.ID)
		}
	}
	return n, err
}

// Close is the writer's: stdout is the process's, left open.
func (w *guardedWriter) Close() error { return nil }

// writeReply writes one of the guard's own replies.
func (w *guardedWriter) writeReply(b []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, _ = w.w.Write(b)
}

// answered settles the request id (under mu).
func (w *guardedWriter) answered(id jsonrpc.ID) {
	delete(w.pending, id)
	if len(w.pending) == 0 && w.drained != nil {
		close(w.drained)
		w.drained = nil
	}
}

// waitDrained waits until every request passed on has its reply written, at most max.
func (w *guardedWriter) waitDrained(max time.Duration) {
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
