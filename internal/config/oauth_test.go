package config

import (
	"net/netip"
	"reflect"
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

func TestOAuthLimits(t *testing.T) {
	inDir(t)
	env := map[string]string{"MCP_REGISTER_RATE": "5", "MCP_REGISTER_GLOBAL_RATE": "50", "MCP_AUTHORIZE_RATE": "30", "MCP_AUTHORIZE_GLOBAL_RATE": "600",
		"MCP_FETCH_RATE": "12.5", "MCP_FETCH_GLOBAL_RATE": "100", "MCP_MAX_CLIENTS": "500",
		"MCP_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,2001:db8::/32 ::ffff:192.0.2.1", "MCP_FORWARDED_HEADER": "Forwarded"}
	c, err := load(t, []string{"--transport", "http", "--demo", "--public-url", "http://127.0.0.1:8765", "--register-rate", "7"}, env)
	if err != nil {
		t.Fatal(err)
	}
	want := OAuthLimits{RegisterRate: 7, RegisterGlobalRate: 50, AuthorizeRate: 30, AuthorizeGlobalRate: 600, FetchRate: 12.5, FetchGlobalRate: 100, MaxClients: 500,
		TrustedProxies:  []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8::/32"), netip.MustParsePrefix("192.0.2.1/32")},
		ForwardedHeader: "Forwarded"}
	if got := c.OAuth.Limits; !reflect.DeepEqual(got, want) {
		t.Errorf("limits = %+v\nwant %+v", got, want)
	}
	c, err = load(t, []string{"--transport", "http", "--demo", "--public-url", "http://127.0.0.1:8765"}, nil)
	if err != nil || !reflect.DeepEqual(c.OAuth.Limits, OAuthLimits{}) {
		t.Errorf("no limit set: %+v, %v; want all zero (auth's defaults)", c.OAuth.Limits, err)
	}
}

func TestOAuthLimitsSayWhatIsWrong(t *testing.T) {
	inDir(t)
	for env, want := range map[[2]string]string{
		{"MCP_REGISTER_RATE", "0"}:                   "MCP_REGISTER_RATE \"0\": use a number an hour above 0",
		{"MCP_FETCH_GLOBAL_RATE", "lots"}:            "[--fetch-global-rate]",
		{"MCP_MAX_CLIENTS", "-1"}:                    "--max-clients",
		{"MCP_TRUSTED_PROXIES", "10.0.0.0/8,proxy"}:  `"proxy" is not an address or a CIDR range`,
		{"MCP_TRUSTED_PROXIES", "2001:db8:abcd::1/"}: `"2001:db8:abcd::1/" is not an address`,
		{"MCP_FORWARDED_HEADER", "X-Real-IP"}:        "name them with --trusted-proxies",
		{"MCP_FORWARDED_HEADER", "X Forwarded"}:      "use a header name",
	} {
		e := map[string]string{env[0]: env[1]}
		if env[0] == "MCP_FORWARDED_HEADER" && env[1] == "X Forwarded" {
			e["MCP_TRUSTED_PROXIES"] = "127.0.0.1"
		}
		_, err := load(t, []string{"--transport", "http", "--demo", "--public-url", "http://127.0.0.1:8765"}, e)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s=%q: %v; want an error with %q", env[0], env[1], err, want)
		}
	}
}
