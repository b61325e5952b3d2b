package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
)

// oauthOptions builds the authorization server of --public-url on the store of rt (opened
// here: its journal recovery, which rt's runtime set up to use a signed-in athlete's own
// sealed token, starts with it); servers say what a connection's path gives, for the
// resource checks and the consent page.
// With --demo the fake plays Intervals.icu's sign-in on the same address (demoSignIn), with
// its demo app, and the seal key is the demo's (sealKeys: made for the run with a temporary
// store, kept in the data dir given with --data-dir).
func oauthOptions(ctx context.Context, cfg *config.Config, rt *server.Runtime, seal *sealing, fake *fakeicu.Fake, logger *slog.Logger, servers *server.Servers) (*transport.OAuthOptions, error) {
	st, err := rt.Journals.Open(ctx)
	if err != nil {
		return nil, err
	}
	up := &auth.Upstream{ClientID: cfg.OAuth.ClientID, ClientSecret: cfg.OAuth.ClientSecret, BaseURL: upstreamBase(cfg.BaseURL)}
	var demo http.Handler
	if cfg.Demo {
		up, demo = demoSignIn(fake, cfg.OAuth.PublicURL)
	}
	l := cfg.OAuth.Limits
	as, err := auth.New(auth.Options{PublicURL: cfg.OAuth.PublicURL, Store: st, Sealer: seal.sealer, Upstream: up,
		AccessTTL: cfg.OAuth.AccessTTL, Logger: logger, Connection: connection(servers), Limits: auth.Limits{
			RegisterPerSource: l.RegisterRate, RegisterGlobal: l.RegisterGlobalRate,
			AuthorizePerSource: l.AuthorizeRate, AuthorizeGlobal: l.AuthorizeGlobalRate,
			FetchPerHost: l.FetchRate, FetchGlobal: l.FetchGlobalRate, MaxClients: l.MaxClients,
			TrustedProxies: l.TrustedProxies, ForwardedHeader: l.ForwardedHeader}})
	if err != nil {
		return nil, usageError{err}
	}
	logger.Info("OAuth sign-in on", "issuer", as.Issuer(), "resource", as.Resource(), "intervals_redirect_uri", as.Issuer()+auth.CallbackPath,
		"account", as.Issuer()+"/account", "demo", cfg.Demo, "limits", as.Limits())
	if problem := as.ListenProblem(cfg.Addr); problem != "" {
		logger.Warn(problem)
	}
	routes := as.Handler()
	if demo != nil {
		mux := http.NewServeMux()
		mux.Handle(demoSignInPath+"/", demo)
		mux.Handle("/", routes)
		routes = mux
	}
	return &transport.OAuthOptions{Verify: as.Verify, ResourceMetadataURL: as.ResourceMetadataURL(), Routes: routes, Watch: as.Watch}, nil
}

// connection is auth.Options.Connection: what a path below /mcp gives (the selection of
// server.ParseSelection, described by servers), or why there is nothing there.
func connection(servers *server.Servers) func(path string) (string, error) {
	return func(path string) (string, error) {
		sel, err := server.ParseSelection(path)
		if err != nil {
			return "", err
		}
		return servers.Describe(sel)
	}
}

// demoSignInPath is where --demo serves the fake Intervals.icu's sign-in pages, on our own
// address.
const demoSignInPath = "/demo-intervals"

// demoSignIn is the upstream of --demo: the embedded fake plays Intervals.icu's OAuth with
// its demo app. Browsers reach its approve page under publicURL + demoSignInPath (the
// handler returned, to mount there); the code exchange goes to the fake in process.
func demoSignIn(fake *fakeicu.Fake, publicURL string) (*auth.Upstream, http.Handler) {
	base, client, pages := fake.SignInAt(publicURL, demoSignInPath)
	return &auth.Upstream{ClientID: fakeicu.DemoOAuthClientID, ClientSecret: fakeicu.DemoOAuthClientSecret, BaseURL: base, HTTP: client}, pages
}

// sealing is what a server with sign-in seals the athletes' Intervals.icu tokens with: the
// text of the keys (a secret, kept out of answers as the API key is) and the sealer of them.
type sealing struct {
	keys   string
	sealer *auth.Sealer
}

// sealingFor is the sealing of a server with sign-in (HTTP with --public-url), nil for any
// other.
func sealingFor(cfg *config.Config) (*sealing, error) {
	if cfg.Transport == "stdio" || !cfg.OAuth.On() {
		return nil, nil
	}
	return newSealing(cfg)
}

// newSealing is the sealing of the configured keys (sealKeys).
func newSealing(cfg *config.Config) (*sealing, error) {
	text, err := sealKeys(cfg)
	if err != nil {
		return nil, err
	}
	keys, err := auth.ParseKeys(text)
	if err != nil {
		return nil, usageError{err}
	}
	sealer, err := auth.NewSealer(keys)
	if err != nil {
		return nil, usageError{err}
	}
	return &sealing{keys: text, sealer: sealer}, nil
}

// sealKeys is the text of the sealing keys: MCP_SEAL_KEYS, else the key file; with --demo
// and neither, the demo's (demoSealKey).
func sealKeys(cfg *config.Config) (string, error) {
	o := cfg.OAuth
	switch {
	case o.SealKeys != "":
		return o.SealKeys, nil
	case o.SealKeyFile != "":
		b, err := os.ReadFile(o.SealKeyFile)
		if err != nil {
			return "", usageError{fmt.Errorf("seal key file: %w (make one with: openssl rand -base64 32 > FILE; chmod 600 FILE)", err)}
		}
		return string(b), nil
	case cfg.Demo:
		return demoSealKey(cfg.Store)
	}
	return "", usageError{fmt.Errorf("no seal key: set MCP_SEAL_KEYS or --seal-key-file")}
}

// demoSealKeyFile is the file, in a demo's --data-dir, of its seal key.
const demoSealKeyFile = "demo-seal-key"

// demoSealKey is the seal key of a demo given neither MCP_SEAL_KEYS nor --seal-key-file. A
// temporary store gets a key made for the run: nothing sealed outlives the run. A store in
// --data-dir gets the key kept beside it (demoSealKeyFile, 0600, made by the first run), so
// that the sign-ins a demo keeps still open after a restart and for intervals-mcp token
// --demo, with nothing to set up, as a demo user expects. PostgreSQL (--database-url) has no
// folder of ours to keep a key in, and its replicas must share one: it is asked for.
func demoSealKey(sc config.StoreConfig) (string, error) {
	switch {
	case sc.DatabaseURL != "":
		return "", usageError{errors.New("--demo with --database-url keeps its sign-ins in PostgreSQL, sealed under a key that must outlive the run: " +
			"set MCP_SEAL_KEYS or --seal-key-file (make a key with: openssl rand -base64 32), and the same for intervals-mcp token")}
	case sc.DataDir == "":
		return newDemoKey(), nil
	}
	path := filepath.Join(sc.DataDir, demoSealKeyFile)
	b, err := os.ReadFile(path)
	if err == nil && strings.TrimSpace(string(b)) == "" {
		return "", fmt.Errorf("the demo's seal key file %s is empty: delete it, and sign in again once the demo runs", path)
	}
	if err == nil {
		return strings.TrimSpace(string(b)), nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("read the demo's seal key: %w", err)
	}
	if err := os.MkdirAll(sc.DataDir, 0o700); err != nil {
		return "", fmt.Errorf("make --data-dir for the demo's seal key: %w", err)
	}
	key := newDemoKey()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) { // another process of the demo made it first
		return demoSealKey(sc)
	}
	if err == nil {
		_, err = f.WriteString(key + "\n")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		os.Remove(path)
		return "", fmt.Errorf("keep the demo's seal key in --data-dir: %w", err)
	}
	return key, nil
}

// newDemoKey is a random seal key, in base64.
func newDemoKey() string {
	k := make([]byte, 32)
	rand.Read(k)
	return base64.StdEncoding.EncodeToString(k)
}

// upstreamBase is Intervals.icu's address for its OAuth pages: the base URL without /api/v1.
func upstreamBase(base string) string {
	if base == "" {
		return "https://intervals.icu"
	}
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(base, "/"), "/api/v1"), "/")
}
