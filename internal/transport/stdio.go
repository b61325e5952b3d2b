package transport

import (
	"context"
	"io"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio serves srv over a line-delimited JSON-RPC stream (stdin and stdout) through
// go-sdk's IOTransport, with stdioGuard in front of it (stdio_guard.go), until in ends and
// the replies in flight are written, or ctx is cancelled. The wait for those replies is
// bounded by callTimeout (0 means server.DefaultCallTimeout) and ten seconds.
func ServeStdio(ctx context.Context, srv *mcp.Server, in io.Reader, out io.Writer, callTimeout time.Duration) error {
	if callTimeout <= 0 {
		callTimeout = server.DefaultCallTimeout
	}
	g := newStdioGuard(in, out, callTimeout+10*time.Second)
	return srv.Run(ctx, &mcp.IOTransport{Reader: g, Writer: g.out})
}
