package server

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestConfirmAsksThroughElicitation covers both ways go-sdk asks: an input-required result
// the client answers (2026-07-28), and an elicitation/create request (2025-11-25, which the
// TypeScript SDK and today's desktop clients speak).
func TestConfirmAsksThroughElicitation(t *testing.T) {
	for _, c := range []struct{ version, answer string }{{"", "accept"}, {"", "decline"}, {"2025-11-25", "accept"}, {"2025-06-18", "decline"}} {
		answer := c.answer
		var asked []string
		cs := connectVersion(t, Options{Tools: testTools(), Filter: allOn()}, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = append(asked, req.Params.Message)
				return &mcp.ElicitResult{Action: answer, Content: map[string]any{"confirm": answer == "accept"}}, nil
			},
		}, c.version)
		text, isErr := call(t, cs, "wipe", nil)
		want := map[string]string{"accept": "ok=true asked=true", "decline": "ok=false asked=true"}[answer]
		if isErr || text != want || !slices.Equal(asked, []string{"Delete 3 sessions?"}) {
			t.Errorf("%s %s: %q (isError %v), asked %q", c.version, answer, text, isErr, asked)
		}
	}
}

func TestConfirmWithoutElicitationDoesNotAsk(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	if text, isErr := call(t, cs, "wipe", nil); isErr || text != "ok=false asked=false" {
		t.Errorf("got %q", text)
	}
}

// TestRangeDeleteAsksTheUser runs the real delete_events_by_date_range against the fake with
// a client that can ask its user: after the preview and the model's confirmation token, the
// user is asked through elicitation, and only a yes deletes.
func TestRangeDeleteAsksTheUser(t *testing.T) {
	now := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC) // Mon 11:00 in Sydney, the demo athlete's zone
	clock := func() time.Time { return now }
	for _, c := range []struct{ version, answer string }{{"", "accept"}, {"2025-11-25", "decline"}} {
		fake := fakeicu.New(fakeicu.Options{Now: clock})
		client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
		if err != nil {
			t.Fatal(err)
		}
		var asked []string
		cs := connectVersion(t, Options{Tools: tools.All(), Runtime: Runtime{Client: client, Now: clock}}, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = append(asked, req.Params.Message)
				return &mcp.ElicitResult{Action: c.answer, Content: map[string]any{"confirm": c.answer == "accept"}}, nil
			},
		}, c.version)
		args := map[string]any{"oldest": "2026-12-01", "newest": "2026-12-06"}
		preview, isErr := call(t, cs, "delete_events_by_date_range", args)
		token := regexp.MustCompile(`confirm="([^"]+)"`).FindStringSubmatch(preview)
		if isErr || token == nil || len(fake.Writes()) != 0 {
			t.Fatalf("preview: %q", preview)
		}
		args["confirm"] = token[1]
		text, isErr := call(t, cs, "delete_events_by_date_range", args)
		if isErr || len(asked) != 1 || !strings.HasPrefix(asked[0], "Delete ") {
			t.Fatalf("%s %s: asked %q, answer %q", c.version, c.answer, asked, text)
		}
		deleted := len(fake.Writes()) > 0
		if want := c.answer == "accept"; deleted != want || strings.HasPrefix(text, "Deleted") != want {
			t.Errorf("%s %s: deleted=%v, answer %q", c.version, c.answer, deleted, text)
		}
	}
}
