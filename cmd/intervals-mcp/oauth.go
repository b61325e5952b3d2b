package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
)

// oauthOptions builds the authorization server of --public-url and the two MCP servers a
// token's scope chooses between, and opens the store, whose journal recovery rolls a
// signed-in athlete's interrupted write back with their own sealed token (set before the
// store opens: the recovery starts with it). With --demo the fake plays Intervals.icu's
// sign-in on the same address, with its demo app and a seal key made for the run (the
// demo's store is temporary too).
func oauthOptions(ctx context.Context, cfg *config.Config, rt *server.Runtime, fake *fakeicu.Fake, logger *slog.Logger) (*server.OAuthOptions, error) {
	text, err := sealKeys(cfg)
	if err != nil {
		return nil, err
	}
	rt.Secrets = append(rt.Secrets, text)
	sealer, err := sealerOf(text)
	if err != nil {
		return nil, err
	}
	rt.Persist.ClientFor = auth.JournalClient(sealer, rt.NewClient)
	st, err := rt.Persist.Open(ctx)
	if err != nil {
		return nil, err
	}
	up := &auth.Upstream{ClientID: cfg.OAuth.ClientID, ClientSecret: cfg.OAuth.ClientSecret, BaseURL: upstreamBase(cfg.BaseURL)}
	var demo http.Handler
	if cfg.Demo {
		up, demo = auth.Demo(fake, cfg.OAuth.PublicURL)
	}
	as, err := auth.New(auth.Options{PublicURL: cfg.OAuth.PublicURL, Store: st, Sealer: sealer, Upstream: up, StaticToken: cfg.AuthToken,
		AccessTTL: cfg.OAuth.AccessTTL, DemoSignIn: demo, Logger: logger})
	if err != nil {
		return nil, usageError{err}
	}
	read, full, writeTool, err := server.NewScoped(serverOptions(cfg, rt))
	if err != nil {
		return nil, err
	}
	logger.Info("OAuth sign-in on", "issuer", as.Issuer(), "resource", as.Resource(), "intervals_redirect_uri", as.Issuer()+auth.CallbackPath,
		"account", as.Issuer()+"/account", "demo", cfg.Demo)
	return as.OAuth(read, full, writeTool), nil
}

// newSealer is the sealer of the configured keys (sealKeys).
func newSealer(cfg *config.Config) (*auth.Sealer, error) {
	text, err := sealKeys(cfg)
	if err != nil {
		return nil, err
	}
	return sealerOf(text)
}

func sealerOf(keysText string) (*auth.Sealer, error) {
	keys, err := auth.ParseKeys(keysText)
	if err != nil {
		return nil, usageError{err}
	}
	sealer, err := auth.NewSealer(keys)
	if err != nil {
		return nil, usageError{err}
	}
	return sealer, nil
}

// sealKeys is the text of the sealing keys: MCP_SEAL_KEYS, else the key file; with --demo
// and neither, a key made for this run.
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
		k := make([]byte, 32)
		rand.Read(k)
		return base64.StdEncoding.EncodeToString(k), nil
	}
	return "", usageError{fmt.Errorf("no seal key: set MCP_SEAL_KEYS or --seal-key-file")}
}

// upstreamBase is Intervals.icu's address for its OAuth pages: the base URL without /api/v1.
func upstreamBase(base string) string {
	if base == "" {
		return "https://intervals.icu"
	}
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(base, "/"), "/api/v1"), "/")
}
