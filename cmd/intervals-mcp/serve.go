package main

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
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
	seal, err := sealingFor(cfg)
	if err != nil {
		return err
	}
	rt, fake, err := newRuntime(cfg, logger, seal)
	if err != nil {
		return err
	}
	logger.Debug("starting", "config", cfg)
	ctx, stop, caught := signalContextAsync() // a stdio server answers without waiting
	defer stop()
	defer rt.Persist.Close()
	if cfg.Transport == "stdio" { // the store opens on first need (a write, a range delete), or at start when it holds work
		if p := rt.Persist; p != nil && p.Pending != nil && p.Pending() {
			go func() { _, _ = rt.Persist.Open(ctx) }() // recovers a dead process's journals at once
		}
		srv, err := server.New(serverOptions(cfg, rt))
		if err != nil {
			return err
		}
		out := resumeGCAfterListWritten(srv, resume, stdout)
		logger.Info("serving MCP over stdio", "version", intervals.Version, "athlete", rt.AthleteID, "read_only", cfg.ReadOnly)
		err = transport.ServeStdio(ctx, srv, stdin, out, rt.Timeout)
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	<-caught // an HTTP server listens once a signal would let it finish its calls
	ln, err := transport.Listen(cfg.Addr, cfg.AuthToken != "" || cfg.OAuth.On())
	if err != nil {
		if errors.Is(err, transport.ErrTokenRequired) {
			return usageError{err}
		}
		return err
	}
	opts, err := httpOptions(ctx, cfg, rt, seal, fake, logger, resume)
	if err != nil {
		ln.Close()
		return err
	}
	return transport.Serve(ctx, ln, opts)
}

// httpOptions builds the MCP servers an HTTP server serves, only those: one, or with OAuth
// the two a token's scope chooses between (OAuthOptions.Read, Full). The store is opened
// first (migrations applied and recovery started before the first request), except for a
// demo's temporary store without OAuth, which opens on first need.
func httpOptions(ctx context.Context, cfg *config.Config, rt *server.Runtime, seal *sealing, fake *fakeicu.Fake, logger *slog.Logger, resume func()) (transport.HTTPOptions, error) {
	opts := transport.HTTPOptions{
		Token:           cfg.AuthToken,
		WriteTimeout:    transport.WriteTimeoutFor(rt.Timeout),
		SSEMaxSessions:  cfg.SSEMaxSessions,
		SSEIdleTimeout:  cfg.SSEIdleTimeout,
		ShutdownTimeout: cfg.ShutdownTimeout,
		Logger:          logger,
		Ready:           rt.Persist.Ping,
	}
	var err error
	if cfg.OAuth.On() {
		if opts.OAuth, err = oauthOptions(ctx, cfg, rt, seal, fake, logger); err != nil {
			return opts, err
		}
		resumeGCAfterList(opts.OAuth.Read, resume)
		resumeGCAfterList(opts.OAuth.Full, resume)
		return opts, nil
	}
	if opts.Server, err = server.New(serverOptions(cfg, rt)); err != nil {
		return opts, err
	}
	resumeGCAfterList(opts.Server, resume)
	if !temporaryStore(cfg) {
		_, err = rt.Persist.Open(ctx)
	}
	return opts, err
}
