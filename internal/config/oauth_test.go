package config

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestOAuthSettings(t *testing.T) {
	inDir(t)
	env := map[string]string{"MCP_PUBLIC_URL": "https://mcp.example.com", "INTERVALS_CLIENT_ID": "42", "INTERVALS_CLIENT_SECRET": "app-secret-value",
		"MCP_SEAL_KEYS": "c2VhbC1rZXktb2YtdGhpcnR5LXR3by1ieXRlcy0hISE=", "MCP_ACCESS_TOKEN_TTL": "8h"}
	c, err := load(t, []string{"--transport", "http"}, env)
	if err != nil {
		t.Fatal(err)
	}
	if !c.OAuth.On() || c.OAuth.ClientID != "42" || c.OAuth.AccessTTL != 8*time.Hour || c.NeedCredentials() != nil {
		t.Errorf("OAuth = %+v, NeedCredentials %v", c.OAuth, c.NeedCredentials())
	}
	for _, s := range []string{"app-secret-value", env["MCP_SEAL_KEYS"]} {
		if !slices.Contains(c.Secrets(), s) {
			t.Errorf("Secrets() lacks a secret of OAuth")
		}
	}
}

func TestOAuthSettingsSayWhatIsMissing(t *testing.T) {
	inDir(t)
	base := map[string]string{"MCP_PUBLIC_URL": "https://mcp.example.com", "INTERVALS_CLIENT_ID": "42", "INTERVALS_CLIENT_SECRET": "s", "MCP_SEAL_KEYS": "k"}
	cases := []struct {
		args []string
		drop string
		set  [2]string
		want string
	}{
		{[]string{"--transport", "stdio"}, "", [2]string{}, "--transport http"},
		{[]string{"--transport", "http"}, "INTERVALS_CLIENT_SECRET", [2]string{}, "INTERVALS_CLIENT_SECRET"},
		{[]string{"--transport", "http"}, "MCP_SEAL_KEYS", [2]string{}, "openssl rand -base64 32"},
		{[]string{"--transport", "http"}, "", [2]string{"MCP_ACCESS_TOKEN_TTL", "1m"}, "5m to 720h"},
		{[]string{"--transport", "http"}, "", [2]string{"MCP_AUTH_TOKEN", "tok"}, "API_KEY"},
	}
	for _, c := range cases {
		env := map[string]string{}
		for k, v := range base {
			if k != c.drop {
				env[k] = v
			}
		}
		if c.set[0] != "" {
			env[c.set[0]] = c.set[1]
		}
		_, err := load(t, c.args, env)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v without %s, with %v: %v; want an error naming %q", c.args, c.drop, c.set, err, c.want)
		}
	}
	if _, err := load(t, []string{"--transport", "http", "--demo", "--public-url", "http://127.0.0.1:8765"}, nil); err != nil {
		t.Errorf("--demo --public-url needs nothing more: %v", err)
	}
}
