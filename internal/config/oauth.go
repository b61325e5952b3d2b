package config

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
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
	Limits      OAuthLimits
}

// OAuthLimits are the limits of sign-in (internal/auth.Limits), per client address and for
// everyone; each 0 means auth's default, which the flags' help shows.
type OAuthLimits struct {
	RegisterRate, RegisterGlobalRate   float64 // --register-rate, --register-global-rate: registrations an hour
	AuthorizeRate, AuthorizeGlobalRate float64 // --authorize-rate, --authorize-global-rate: sign-ins started an hour
	FetchRate, FetchGlobalRate         float64 // --fetch-rate, --fetch-global-rate: metadata document fetches an hour
	MaxClients                         int     // --max-clients, MCP_MAX_CLIENTS
	// TrustedProxies (--trusted-proxies, MCP_TRUSTED_PROXIES) are the reverse proxies whose
	// ForwardedHeader (--forwarded-header, MCP_FORWARDED_HEADER) names the client.
	TrustedProxies  []netip.Prefix
	ForwardedHeader string
}

// On says whether OAuth is turned on.
func (o OAuthConfig) On() bool { return o.PublicURL != "" }

type oauthFlags struct {
	publicURL, sealKeyFile, accessTTL *string
	limits                            []limitFlag
	maxClients, proxies, header       *string
}

// limitFlag is one rate of sign-in: its flag, variable and field.
type limitFlag struct {
	name, env string
	value     *string
	field     func(*OAuthLimits) *float64
}

func bindOAuth(fs *flag.FlagSet) *oauthFlags {
	return &oauthFlags{
		publicURL:   fs.String("public-url", "", "HTTP server: turn on OAuth sign-in (claude.ai, ChatGPT) at this public address, such as https://mcp.example.com; needs INTERVALS_CLIENT_ID, INTERVALS_CLIENT_SECRET and seal keys [MCP_PUBLIC_URL]"),
		sealKeyFile: fs.String("seal-key-file", "", "file of the keys that seal users' Intervals.icu tokens, one base64 32-byte key a line, the first seals [MCP_SEAL_KEY_FILE; or MCP_SEAL_KEYS]"),
		accessTTL:   fs.String("access-token-ttl", "", "lifetime of an OAuth access token, such as 1h or 8h (5m to 30d) [MCP_ACCESS_TOKEN_TTL; default 1h]"),
		limits: []limitFlag{
			bindLimit(fs, "register-rate", "MCP_REGISTER_RATE", "OAuth client registrations (/register) an hour from one client address (IPv6: one /64) [MCP_REGISTER_RATE; default 20]",
				func(l *OAuthLimits) *float64 { return &l.RegisterRate }),
			bindLimit(fs, "register-global-rate", "MCP_REGISTER_GLOBAL_RATE", "OAuth client registrations an hour from everyone, all replicas together [MCP_REGISTER_GLOBAL_RATE; default 200]",
				func(l *OAuthLimits) *float64 { return &l.RegisterGlobalRate }),
			bindLimit(fs, "authorize-rate", "MCP_AUTHORIZE_RATE", "OAuth sign-ins started (/authorize) an hour from one client address [MCP_AUTHORIZE_RATE; default 60]",
				func(l *OAuthLimits) *float64 { return &l.AuthorizeRate }),
			bindLimit(fs, "authorize-global-rate", "MCP_AUTHORIZE_GLOBAL_RATE", "OAuth sign-ins started an hour from everyone, all replicas together [MCP_AUTHORIZE_GLOBAL_RATE; default 3600]",
				func(l *OAuthLimits) *float64 { return &l.AuthorizeGlobalRate }),
			bindLimit(fs, "fetch-rate", "MCP_FETCH_RATE", "client ID metadata documents and JWKS fetched an hour from one host, and for one client address [MCP_FETCH_RATE; default 60]",
				func(l *OAuthLimits) *float64 { return &l.FetchRate }),
			bindLimit(fs, "fetch-global-rate", "MCP_FETCH_GLOBAL_RATE", "client ID metadata documents and JWKS fetched an hour in all, all replicas together [MCP_FETCH_GLOBAL_RATE; default 600]",
				func(l *OAuthLimits) *float64 { return &l.FetchGlobalRate }),
		},
		maxClients: fs.String("max-clients", "", "registered OAuth clients kept at most: /register refuses past it; the unused ones are deleted after a day [MCP_MAX_CLIENTS; default 10000]"),
		proxies: fs.String("trusted-proxies", "", "addresses or CIDR ranges of the reverse proxies in front of the server, comma separated, such as 127.0.0.1,10.0.0.0/8: "+
			"the client's address is then read from --forwarded-header, for the rate limits [MCP_TRUSTED_PROXIES; default none: the connecting address is the client's]"),
		header: fs.String("forwarded-header", "", "the header the trusted proxies set with the client's address: X-Forwarded-For, or Forwarded (RFC 7239) [MCP_FORWARDED_HEADER; default X-Forwarded-For]"),
	}
}

func bindLimit(fs *flag.FlagSet, name, env, usage string, field func(*OAuthLimits) *float64) limitFlag {
	return limitFlag{name: name, env: env, value: fs.String(name, "", usage), field: field}
}

// loadLimits reads the limits of sign-in.
func (f *oauthFlags) loadLimits(l *OAuthLimits, get func(flagName, env, def string) string) error {
	for _, lf := range f.limits {
		s := get(lf.name, lf.env, "")
		if s == "" {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("%s %q: use a number an hour above 0, such as 20 [--%s]", lf.env, s, lf.name)
		}
		*lf.field(l) = v
	}
	if s := get("max-clients", "MCP_MAX_CLIENTS", ""); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return fmt.Errorf("MCP_MAX_CLIENTS %q: use a whole number of clients, 1 or more, such as 10000 [--max-clients]", s)
		}
		l.MaxClients = n
	}
	var err error
	if l.TrustedProxies, err = parseProxies(get("trusted-proxies", "MCP_TRUSTED_PROXIES", "")); err != nil {
		return err
	}
	l.ForwardedHeader = get("forwarded-header", "MCP_FORWARDED_HEADER", "")
	if l.ForwardedHeader != "" {
		if !headerName().MatchString(l.ForwardedHeader) {
			return fmt.Errorf("MCP_FORWARDED_HEADER %s: use a header name such as X-Forwarded-For or Forwarded [--forwarded-header]", quote(l.ForwardedHeader))
		}
		if len(l.TrustedProxies) == 0 {
			return errors.New("--forwarded-header is read only from the trusted proxies: name them with --trusted-proxies (MCP_TRUSTED_PROXIES), such as 127.0.0.1")
		}
	}
	return nil
}

// headerName is an HTTP header's name (RFC 9110 token), compiled on first use: its {1,64}
// makes a large program, which a process that never reads the setting need not build.
var headerName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9!#$%&'*+.^_|~-]{1,64}$`) })

// parseProxies reads a list of addresses and CIDR ranges, separated by commas or spaces.
func parseProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			shown := quote(f)
			if strings.Trim(f, "0123456789abcdefABCDEF.:/") == "" && len(f) <= 64 { // address characters only: no key
				shown = strconv.Quote(f)
			}
			return nil, fmt.Errorf("MCP_TRUSTED_PROXIES: %s is not an address or a CIDR range: list your reverse proxies' addresses, such as 127.0.0.1,10.0.0.0/8 [--trusted-proxies]", shown)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
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
	if err := f.loadLimits(&o.Limits, get); err != nil {
		return err
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
