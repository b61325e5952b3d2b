package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheckCmd asks the HTTP server of this configuration (its --addr, FASTMCP_HOST and
// FASTMCP_PORT, .env) for /healthz, on loopback when it listens on every address: the
// container image's health check, which has no shell or curl to run. Exit status 0 when it
// answers 200, 1 otherwise.
func healthcheckCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("healthcheck", stderr)
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	cfg, err := loadFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return usageError{err}
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	u := "http://" + net.JoinHostPort(host, port) + "/healthz"
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", u, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", u, resp.Status)
	}
	_, err = fmt.Fprintf(stdout, "%s: ok\n", u)
	return err
}
