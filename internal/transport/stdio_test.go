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
