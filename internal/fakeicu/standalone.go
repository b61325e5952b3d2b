package fakeicu

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// Serve runs the fake as a standalone HTTP server on addr (e.g. "127.0.0.1:8080"; port 0
// picks a free one) until ctx is done. It prints the base URL, the accepted key and the
// demo athlete to out, then the OAuth endpoints and app (the secret only if it is the demo
// one).
func Serve(ctx context.Context, addr string, opts Options, out io.Writer) error {
	f := New(opts)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("fake intervals.icu: listen on %s: %w (choose another --addr)", addr, err)
	}
	srv := &http.Server{Handler: f.Handler(), ReadHeaderTimeout: 10 * time.Second}
	secret := "as configured"
	if f.opts.OAuthClientSecret == DemoOAuthClientSecret {
		secret = DemoOAuthClientSecret
	}
	// One write, so that a reader of the first line gets the second with it.
	fmt.Fprintf(out, "fake Intervals.icu at http://%[1]s/api/v1 (API key: %[2]s, athlete %[3]s)\n"+
		"OAuth sign-in at http://%[1]s/oauth/authorize, code exchange at http://%[1]s/api/oauth/token (client_id %[4]s, client_secret %[5]s)\n",
		ln.Addr(), f.opts.APIKey, DemoAthleteID, f.opts.OAuthClientID, secret)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("fake intervals.icu: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("fake intervals.icu: shut down: %w", err)
	}
	return nil
}
