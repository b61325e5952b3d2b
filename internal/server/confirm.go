package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirmation goes through MCP elicitation, as go-sdk v1.8.0 does it: a tool call that
// needs the user's yes or no ends with an "input required" result carrying the question;
// the client asks the user and calls the tool again with the answer, and the tool runs again
// from the start (tools that confirm only read before asking, so running them twice is
// safe). For clients on protocol versions before 2026-07-28 the SDK makes the same round
// trip itself with an elicitation/create request. Clients without elicitation are never
// asked: Confirm reports asked=false and the tool decides (for example it previews only).

// errNeedInput ends a tool run whose question has not been answered yet.
var errNeedInput = errors.New("waiting for the user's confirmation")

// confirmer is Env.Confirm for one tool call.
type confirmer struct {
	supported bool
	answers   mcp.InputResponseMap
	pending   mcp.InputRequestMap
}

// newConfirmer is the confirmer of req, a call of a client of caps (ClientCapabilities; nil:
// none known). The capabilities an older client echoes over stateless HTTP never hold
// elicitation (it cannot reach the client there), so only a client that can be asked is.
func newConfirmer(req *mcp.CallToolRequest, caps *mcp.ClientCapabilities) *confirmer {
	return &confirmer{
		supported: caps != nil && caps.Elicitation != nil,
		answers:   req.Params.InputResponses,
	}
}

// questionKey names a question in the input requests: the same question gets the same key
// when the tool runs again, so its answer is found.
func questionKey(question string) string {
	h := sha256.Sum256([]byte(question))
	return "confirm-" + hex.EncodeToString(h[:8])
}

var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "title": "Confirm", "description": "Yes, go ahead"},
	},
	"required": []string{"confirm"},
}

// confirm implements toolcall.Env.Confirm.
func (c *confirmer) confirm(_ context.Context, question string) (ok, asked bool, err error) {
	if !c.supported {
		return false, false, nil
	}
	key := questionKey(question)
	if r, found := c.answers[key].(*mcp.ElicitResult); found {
		yes, _ := r.Content["confirm"].(bool)
		return r.Action == "accept" && yes, true, nil
	}
	if c.pending == nil {
		c.pending = mcp.InputRequestMap{}
	}
	c.pending[key] = &mcp.ElicitParams{Mode: "form", Message: question, RequestedSchema: confirmSchema}
	return false, false, errNeedInput
}

// inputRequired returns the result asking the client for the pending answers, if the run
// ended waiting for them.
func (c *confirmer) inputRequired(err error) (*mcp.CallToolResult, bool) {
	if !errors.Is(err, errNeedInput) || len(c.pending) == 0 {
		return nil, false
	}
	return &mcp.CallToolResult{InputRequests: c.pending}, true
}
