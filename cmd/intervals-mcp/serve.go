package main

import (
	"errors"
	"io"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveCmd serves MCP over stdio, or over HTTP (stateless Streamable HTTP at /mcp, legacy
// SSE at /sse + /messages/, probes at /healthz and /readyz; all are served whether
// --transport is http or sse). On SIGTERM or SIGINT an HTTP server finishes the calls in
// flight (for --shutdown-timeout at most) before it exits.
func serveCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	resume := pauseGC()
	defer resume()
	cfg, err := loadFlagsOnly(newFlagSet("serve", stderr), args)
	if err != nil {
		return err
	}
	logger := newLogger(stderr, cfg)
	rt, err := newRuntime(cfg, logger)
	if err != nil {
		return err
	}
	srv, err := server.New(serverOptions(cfg, rt))
	if err != nil {
		return err
	}
	resumeGCAfterList(srv, resume)
	logger.Debug("starting", "config", cfg)
	ctx, stop := signalContext()
	defer stop()
	if cfg.Transport == "stdio" {
		logger.Info("serving MCP over stdio", "version", intervals.Version, "athlete", rt.AthleteID, "read_only", cfg.ReadOnly)
		err := srv.Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}})
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	ln, err := server.Listen(cfg.Addr, cfg.AuthToken)
	if err != nil {
		if errors.Is(err, server.ErrTokenRequired) {
			return usageError{err}
		}
		return err
	}
	return server.Serve(ctx, ln, server.HTTPOptions{
		Server:          srv,
		Token:           cfg.AuthToken,
		WriteTimeout:    server.WriteTimeoutFor(rt.Timeout),
		SSEMaxSessions:  cfg.SSEMaxSessions,
		SSEIdleTimeout:  cfg.SSEIdleTimeout,
		ShutdownTimeout: cfg.ShutdownTimeout,
		Logger:          logger,
	})
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
