package config

import (
	"errors"
	"flag"
	"fmt"
	"time"
)

// OAuthConfig turns on remote sign-in (internal/auth): intervals-mcp as an OAuth 2.1
// authorization server in front of an Intervals.icu OAuth app.
type OAuthConfig struct {
	PublicURL    string // --public-url, MCP_PUBLIC_URL: the issuer; "" means OAuth is off
	ClientID     string // INTERVALS_CLIENT_ID: the Intervals.icu OAuth app
	ClientSecret string // INTERVALS_CLIENT_SECRET
	// SealKeys are the keys that seal each athlete's Intervals.icu token (MCP_SEAL_KEYS, or
	// the file --seal-key-file / MCP_SEAL_KEY_FILE names): base64 keys of 32 bytes, the
	// first seals, all open (rotation). Read and checked by internal/auth.ParseKeys.
	SealKeys    string
	SealKeyFile string
	AccessTTL   time.Duration // --access-token-ttl, MCP_ACCESS_TOKEN_TTL; 0 means 1h
}

// On says whether OAuth is turned on.
func (o OAuthConfig) On() bool { return o.PublicURL != "" }

type oauthFlags struct{ publicURL, sealKeyFile, accessTTL *string }

func bindOAuth(fs *flag.FlagSet) *oauthFlags {
	return &oauthFlags{
		publicURL:   fs.String("public-url", "", "HTTP server: turn on OAuth sign-in (claude.ai, ChatGPT) at this public address, such as https://mcp.example.com; needs INTERVALS_CLIENT_ID, INTERVALS_CLIENT_SECRET and seal keys [MCP_PUBLIC_URL]"),
		sealKeyFile: fs.String("seal-key-file", "", "file of the keys that seal users' Intervals.icu tokens, one base64 32-byte key a line, the first seals [MCP_SEAL_KEY_FILE; or MCP_SEAL_KEYS]"),
		accessTTL:   fs.String("access-token-ttl", "", "lifetime of an OAuth access token, such as 1h or 8h (5m to 30d) [MCP_ACCESS_TOKEN_TTL; default 1h]"),
	}
}

func (f *oauthFlags) load(c *Config, get func(flagName, env, def string) string) error {
	o := &c.OAuth
	o.PublicURL = get("public-url", "MCP_PUBLIC_URL", "")
	o.ClientID = get("", "INTERVALS_CLIENT_ID", "")
	o.ClientSecret = get("", "INTERVALS_CLIENT_SECRET", "")
	o.SealKeys = get("", "MCP_SEAL_KEYS", "")
	o.SealKeyFile = get("seal-key-file", "MCP_SEAL_KEY_FILE", "")
	if s := get("access-token-ttl", "MCP_ACCESS_TOKEN_TTL", ""); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 5*time.Minute || d > 30*24*time.Hour {
			return fmt.Errorf("access token lifetime %q: use a duration from 5m to 720h, such as 1h [--access-token-ttl, MCP_ACCESS_TOKEN_TTL]", s)
		}
		o.AccessTTL = d
	}
	if !o.On() {
		return nil
	}
	if c.Transport == "stdio" {
		return errors.New("--public-url turns on OAuth sign-in for the HTTP server: add --transport http")
	}
	if c.Demo {
		return nil // the fake's demo app; a seal key made for the run
	}
	if o.ClientID == "" || o.ClientSecret == "" {
		return errors.New("--public-url needs the Intervals.icu OAuth app: set INTERVALS_CLIENT_ID and INTERVALS_CLIENT_SECRET (apply for one at https://intervals.icu/oauth/apply; see the README, Remote sign-in)")
	}
	if o.SealKeys == "" && o.SealKeyFile == "" {
		return errors.New("--public-url needs a key to seal users' Intervals.icu tokens: set MCP_SEAL_KEYS or --seal-key-file to a base64 32-byte key (make one with: openssl rand -base64 32)")
	}
	if c.AuthToken != "" && c.APIKey == "" && c.AccessToken == "" {
		return errors.New("MCP_AUTH_TOKEN with --public-url acts for the server's own Intervals.icu credential: set API_KEY too, or drop MCP_AUTH_TOKEN (users sign in, or use personal tokens)")
	}
	return nil
}
