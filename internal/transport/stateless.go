package transport

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxBody bounds one POST to /mcp, as go-sdk's default does.
const maxBody = mcp.DefaultMaxRequestBodyBytes

// capsSessionPrefix starts the Mcp-Session-Id that statelessHandler hands an initializing
// client: the rest is its capabilities, base64url JSON.
const capsSessionPrefix = "caps."

// maxCapsID bounds that session id; a client declaring more gets none.
const maxCapsID = 4096

// statelessHandler wraps go-sdk's stateless Streamable HTTP handler.
//
// It reads the body of a POST (bounded; under the server's ReadTimeout, which net/http
// lifts once the body is in, so a long tool call is not cut) to see whether it is an
// initialize.
//
// Client capabilities, in both modes. A 2026-07-28 client sends them in the _meta of every
// request, where go-sdk finds them (CallToolRequest.ClientCapabilities). An older client
// declares them once, in initialize; a stateless server answers every later request with a
// fresh session whose capabilities are empty. So the answer to initialize carries them back
// as the Mcp-Session-Id (not a session: the client's own declaration, which any replica
// can read), the client echoes it on every request, and ClientCapabilities reads it. Such a
// client cannot be sent requests (no elicitation/create on stateless HTTP): its elicitation
// capability is dropped, so a confirmation falls back to the preview-then-token flow. The
// session id is the client's own declaration, so it is trusted no further than that: it
// can only change what the client is offered, never what it may do.
//
// With OAuth, a tools/call of a write tool by a token without intervals:write is answered
// 403 insufficient_scope here, before go-sdk sees it (oauth.go).
func statelessHandler(next http.Handler, oauth *OAuthOptions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r) // go-sdk answers 405 with Allow: POST
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, fmt.Sprintf("request body exceeds %d bytes", tooBig.Limit), http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "could not read the request body: "+err.Error(), http.StatusRequestTimeout)
			return
		}
		if oauth.stepUp(w, r, body) {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		if caps, ok := initializeCapabilities(body); ok {
			if id := encodeCaps(caps); id != "" {
				w.Header().Set("Mcp-Session-Id", id)
			}
		} else if caps := decodeCaps(r.Header.Get("Mcp-Session-Id")); caps != nil {
			r = r.WithContext(server.WithClientCapabilities(r.Context(), caps))
		}
		next.ServeHTTP(w, r)
	})
}

// initializeCapabilities returns the capabilities of an initialize request (one message,
// not a batch), raw.
func initializeCapabilities(body []byte) (json.RawMessage, bool) {
	var msg struct {
		Method string `json:"method"`
		Params struct {
			Capabilities json.RawMessage `json:"capabilities"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &msg) != nil || msg.Method != "initialize" {
		return nil, false
	}
	return msg.Params.Capabilities, true
}

func encodeCaps(raw json.RawMessage) string {
	var compact bytes.Buffer
	if len(raw) == 0 || json.Compact(&compact, raw) != nil {
		return ""
	}
	id := capsSessionPrefix + base64.RawURLEncoding.EncodeToString(compact.Bytes())
	if len(id) > maxCapsID {
		return ""
	}
	return id
}

func decodeCaps(id string) *mcp.ClientCapabilities {
	enc, ok := strings.CutPrefix(id, capsSessionPrefix)
	if !ok || len(id) > maxCapsID {
		return nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return nil
	}
	var caps mcp.ClientCapabilities
	if json.Unmarshal(raw, &caps) != nil {
		return nil
	}
	// Only what a tool can use without sending the client a request: no elicitation,
	// sampling or roots (a stateless server cannot send elicitation/create and the like).
	return &mcp.ClientCapabilities{Experimental: caps.Experimental, Extensions: caps.Extensions}
}
