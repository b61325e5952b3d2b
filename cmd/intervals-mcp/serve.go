package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
)

// serveCmd serves MCP over stdio, or over HTTP (stateless Streamable HTTP at /mcp, legacy
// SSE at /sse + /messages/, probes at /healthz and /readyz; all are served whether
// --transport is http or sse). On SIGTERM or SIGINT an HTTP server finishes the calls in
// flight (for --shutdown-timeout at most) before it exits.
func serveCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer rt.Journals.Close()
	if cfg.Transport == "stdio" { // the store opens on first need (a write, a range delete), or at start when it holds work
		rt.Journals.Start(ctx)
		srv, err := server.New(serverOptions(cfg, rt))
		if err != nil {
			return err
		}
		logger.Info("serving MCP over stdio", "version", intervals.Version, "athlete", rt.AthleteID, "read_only", cfg.ReadOnly)
		err = transport.ServeStdio(ctx, srv, stdin, stdout, rt.Timeout)
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	ln, err := transport.Listen(cfg.Addr, cfg.AuthToken != "" || cfg.OAuth.On())
	if err != nil {
		if errors.Is(err, transport.ErrTokenRequired) {
			return usageError{err}
		}
		return err
	}
	opts, err := httpOptions(ctx, cfg, rt, seal, fake, logger)
	if err == nil && cfg.MetricsAddr != "" {
		if opts.Metrics, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
			err = fmt.Errorf("metrics: listen on %s: %w (choose another --metrics-addr or free the port)", cfg.MetricsAddr, err)
		}
	}
	if err != nil {
		ln.Close()
		return err
	}
	return transport.Serve(ctx, ln, opts)
}

// httpOptions builds the MCP servers an HTTP server serves: the configuration's at start (and
// with sign-in its read-only form, a read token's), a connection's selection (/mcp/x/TOOLSETS, within --toolsets and
// --connection-toolsets) on its first request. The store is opened first (migrations
// applied and recovery started before the first request), except for a demo's temporary
// store without OAuth, which opens on first need.
func httpOptions(ctx context.Context, cfg *config.Config, rt *server.Runtime, seal *sealing, fake *fakeicu.Fake, logger *slog.Logger) (transport.HTTPOptions, error) {
	opts := transport.HTTPOptions{
		Token:           cfg.AuthToken,
		WriteTimeout:    transport.WriteTimeoutFor(rt.Timeout),
		SSEMaxSessions:  cfg.SSEMaxSessions,
		SSEIdleTimeout:  cfg.SSEIdleTimeout,
		ShutdownTimeout: cfg.ShutdownTimeout,
		Logger:          logger,
		Ready:           rt.Journals.Ping,
	}
	var err error
	opts.Servers, err = server.NewServers(cfg.Filter(), cfg.ConnectionToolsets, func(f manifest.Filter) server.Options { return serverOptionsFor(rt, f) })
	if err != nil {
		return opts, err
	}
	if cfg.OAuth.On() {
		if err = opts.Servers.Warm(server.Selection{ReadOnly: true}); err != nil { // a read token's
			return opts, err
		}
		opts.OAuth, err = oauthOptions(ctx, cfg, rt, seal, fake, logger, opts.Servers)
		return opts, err
	}
	if !temporaryStore(cfg) {
		_, err = rt.Journals.Open(ctx)
	}
	return opts, err
}
