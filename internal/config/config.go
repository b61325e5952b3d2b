package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// DefaultAddr is where the HTTP transports listen unless told otherwise.
const DefaultAddr = "127.0.0.1:8765"

// Config is the resolved configuration of one run.
type Config struct {
	APIKey      string // API_KEY
	AccessToken string // INTERVALS_ACCESS_TOKEN (OAuth), instead of an API key
	AthleteID   string // ATHLETE_ID, --athlete; "0" is the athlete behind the key
	BaseURL     string // INTERVALS_API_BASE_URL, --base-url; "" means https://intervals.icu
	LogLevel    slog.Level
	Transport   string // stdio, http or sse
	Addr        string // host:port for http and sse
	AuthToken   string // MCP_AUTH_TOKEN: bearer token HTTP clients must send
	Toolsets    []manifest.Toolset
	// ConnectionToolsets are the toolsets an HTTP connection may choose besides Toolsets
	// (/mcp/x/..., X-MCP-Toolsets): INTERVALS_CONNECTION_TOOLSETS, --connection-toolsets.
	ConnectionToolsets []manifest.Toolset
	ReadOnly           bool
	// NoDestructive hides the tools that delete (INTERVALS_NO_DESTRUCTIVE, --no-destructive).
	NoDestructive bool
	Demo          bool
	EnvFile       string // the .env file read, "" if none
	// CallTimeout bounds one tool call, retries and rollback included (INTERVALS_CALL_TIMEOUT,
	// --call-timeout); 0 means the server's default, 50 s.
	CallTimeout time.Duration
	Store       StoreConfig
	OAuth       OAuthConfig
	// HTTP serving; 0 means the server's default.
	SSEMaxSessions  int           // MCP_SSE_MAX_SESSIONS, --sse-max-sessions
	SSEIdleTimeout  time.Duration // MCP_SSE_IDLE_TIMEOUT, --sse-idle-timeout
	ShutdownTimeout time.Duration // MCP_SHUTDOWN_TIMEOUT, --shutdown-timeout
	// MetricsAddr is where an HTTP server serves its Prometheus metrics, apart from MCP
	// (MCP_METRICS_ADDR, --metrics-addr); "" means none.
	MetricsAddr string
}

// Filter returns the tool filter of the configuration.
func (c *Config) Filter() manifest.Filter {
	return manifest.Filter{Toolsets: c.Toolsets, ReadOnly: c.ReadOnly, NoDestructive: c.NoDestructive}
}

// Secrets are the values that must never be shown.
func (c *Config) Secrets() []string {
	var s []string
	for _, v := range []string{c.APIKey, c.AccessToken, c.AuthToken, databasePassword(c.Store.DatabaseURL), c.OAuth.ClientSecret, c.OAuth.SealKeys} {
		if v != "" {
			s = append(s, v)
		}
	}
	return s
}

// LogValue logs the configuration without its secrets.
func (c *Config) LogValue() slog.Value {
	cred := "none"
	switch {
	case c.Demo:
		cred = "demo"
	case c.APIKey != "":
		cred = "api key"
	case c.AccessToken != "":
		cred = "oauth token"
	}
	return slog.GroupValue(
		slog.String("credentials", cred), slog.String("athlete", c.AthleteID),
		slog.String("transport", c.Transport), slog.Bool("read_only", c.ReadOnly), slog.Bool("oauth", c.OAuth.On()),
		slog.Any("toolsets", c.Toolsets), slog.String("env_file", c.EnvFile),
	)
}

// Flags are the command-line flags every server command takes.
type Flags struct {
	fs                                                       *flag.FlagSet
	transport, addr, toolsets, envFile, athlete, base, level *string
	sseMax, sseIdle, shutdown, connToolsets, metricsAddr     *string
	readOnly, noDestructive, demo                            *bool
	callTimeout                                              *string
	store                                                    *storeFlags
	oauth                                                    *oauthFlags
}

// Bind defines the flags on fs.
func Bind(fs *flag.FlagSet) *Flags {
	return &Flags{
		fs:            fs,
		transport:     fs.String("transport", "", "stdio, http (Streamable HTTP at /mcp, SSE at /sse) or sse [MCP_TRANSPORT; default stdio]"),
		addr:          fs.String("addr", "", "host:port for http and sse [FASTMCP_HOST, FASTMCP_PORT; default "+DefaultAddr+"]"),
		toolsets:      fs.String("toolsets", "", "toolsets to expose: all, default, or a list such as calendar,wellness [INTERVALS_TOOLSETS]"),
		envFile:       bindEnvFile(fs),
		athlete:       fs.String("athlete", "", "athlete id such as i12345; 0 = the owner of the key [ATHLETE_ID; default 0]"),
		base:          fs.String("base-url", "", "Intervals.icu address [INTERVALS_API_BASE_URL; default https://intervals.icu]"),
		level:         fs.String("log-level", "", "debug, info, warning or error (logs go to stderr) [LOG_LEVEL; default info]"),
		readOnly:      fs.Bool("read-only", false, "expose read tools only: write and destructive tools are not listed [INTERVALS_READ_ONLY]"),
		noDestructive: fs.Bool("no-destructive", false, "do not list the tools that delete; writes stay [INTERVALS_NO_DESTRUCTIVE]"),
		demo:          fs.Bool("demo", false, "serve the built-in demo athlete (synthetic data, no account, no network; its store is temporary unless --data-dir or --database-url is given)"),
		callTimeout:   fs.String("call-timeout", "", "time limit of one tool call, retries included, such as 50s (1s to 10m) [INTERVALS_CALL_TIMEOUT; default 50s]"),
		store:         bindStore(fs),
		oauth:         bindOAuth(fs),
		sseMax:        fs.String("sse-max-sessions", "", "legacy SSE sessions open at once; one more gets 503 [MCP_SSE_MAX_SESSIONS; default 1000]"),
		sseIdle:       fs.String("sse-idle-timeout", "", "close an SSE session after this long without a message, such as 10m [MCP_SSE_IDLE_TIMEOUT; default 10m]"),
		shutdown:      fs.String("shutdown-timeout", "", "on SIGTERM, wait this long at most for the tool calls in flight [MCP_SHUTDOWN_TIMEOUT; default 25s]"),
		connToolsets:  fs.String("connection-toolsets", "", "HTTP: toolsets a connection may choose at /mcp/x/TOOLSETS besides --toolsets', such as coach or all [INTERVALS_CONNECTION_TOOLSETS; default none]"),
		metricsAddr:   fs.String("metrics-addr", "", "HTTP: serve Prometheus metrics at http://ADDR/metrics, such as 127.0.0.1:9464 [MCP_METRICS_ADDR; default off]"),
	}
}

// Load resolves the configuration from the parsed flags, the environment (getenv; nil means
// os.LookupEnv) and the .env file. Its errors never hold a credential, whichever setting it
// was put in by mistake (an API key pasted into ATHLETE_ID).
func (f *Flags) Load(getenv func(string) (string, bool)) (*Config, error) {
	c, secrets, err := f.load(getenv)
	if err != nil {
		return nil, redactError(err, secrets)
	}
	return c, nil
}

func (f *Flags) load(getenv func(string) (string, bool)) (*Config, []string, error) {
	c := &Config{Demo: *f.demo}
	get, envFile, err := resolver(f.fs, *f.envFile, getenv)
	if err != nil {
		return nil, nil, err
	}
	c.EnvFile = envFile
	c.APIKey = get("", "API_KEY", "")
	c.AccessToken = get("", "INTERVALS_ACCESS_TOKEN", "")
	c.AuthToken = get("", "MCP_AUTH_TOKEN", "")
	c.AthleteID = get("athlete", "ATHLETE_ID", "0")
	c.BaseURL = get("base-url", "INTERVALS_API_BASE_URL", "")
	if c.LogLevel, err = parseLevel(get("log-level", "LOG_LEVEL", "info")); err != nil {
		return nil, c.Secrets(), err
	}
	if c.Transport, err = parseTransport(get("transport", "MCP_TRANSPORT", "stdio")); err != nil {
		return nil, c.Secrets(), err
	}
	addrSet := false
	f.fs.Visit(func(fl *flag.Flag) { addrSet = addrSet || fl.Name == "addr" })
	if addrSet {
		c.Addr = *f.addr
	} else {
		host, port, _ := net.SplitHostPort(DefaultAddr)
		c.Addr = net.JoinHostPort(get("", "FASTMCP_HOST", host), get("", "FASTMCP_PORT", port))
	}
	toolsets := get("toolsets", "INTERVALS_TOOLSETS", "default")
	if c.Toolsets, err = manifest.ParseToolsets(toolsets); err != nil {
		if len(toolsets) > 64 || !strings.Contains(toolsets, ",") && len(toolsets) > 16 {
			err = fmt.Errorf("toolsets %s: use all, default, or a comma-separated list of toolset names", quote(toolsets))
		}
		return nil, c.Secrets(), err
	}
	if v := get("connection-toolsets", "INTERVALS_CONNECTION_TOOLSETS", ""); v != "" {
		if c.ConnectionToolsets, err = manifest.ParseToolsets(v); err != nil {
			return nil, c.Secrets(), fmt.Errorf("INTERVALS_CONNECTION_TOOLSETS: %w", err)
		}
	}
	if c.ReadOnly, err = parseBool("INTERVALS_READ_ONLY", get("read-only", "INTERVALS_READ_ONLY", "false")); err != nil {
		return nil, c.Secrets(), err
	}
	if c.NoDestructive, err = parseBool("INTERVALS_NO_DESTRUCTIVE", get("no-destructive", "INTERVALS_NO_DESTRUCTIVE", "false")); err != nil {
		return nil, c.Secrets(), err
	}
	if err := checkAthlete(c.AthleteID); err != nil {
		return nil, c.Secrets(), err
	}
	if err := checkBaseURL(c.BaseURL); err != nil {
		return nil, c.Secrets(), err
	}
	if err := checkAddr(c.Addr); err != nil {
		return nil, c.Secrets(), err
	}
	if c.CallTimeout, err = parseTimeout(get("call-timeout", "INTERVALS_CALL_TIMEOUT", "")); err != nil {
		return nil, c.Secrets(), err
	}
	if err := f.store.load(c, get); err != nil {
		return nil, c.Secrets(), err
	}
	if err := f.oauth.load(c, get); err != nil {
		return nil, c.Secrets(), err
	}
	if v := get("sse-max-sessions", "MCP_SSE_MAX_SESSIONS", ""); v != "" {
		if c.SSEMaxSessions, err = strconv.Atoi(v); err != nil || c.SSEMaxSessions < 1 {
			return nil, c.Secrets(), fmt.Errorf("MCP_SSE_MAX_SESSIONS %q: use a whole number of sessions, 1 or more", v)
		}
	}
	if c.SSEIdleTimeout, err = parseDuration("MCP_SSE_IDLE_TIMEOUT", get("sse-idle-timeout", "MCP_SSE_IDLE_TIMEOUT", "")); err != nil {
		return nil, c.Secrets(), err
	}
	if c.ShutdownTimeout, err = parseDuration("MCP_SHUTDOWN_TIMEOUT", get("shutdown-timeout", "MCP_SHUTDOWN_TIMEOUT", "")); err != nil {
		return nil, c.Secrets(), err
	}
	if c.MetricsAddr = get("metrics-addr", "MCP_METRICS_ADDR", ""); c.MetricsAddr != "" {
		if err := checkAddr(c.MetricsAddr); err != nil {
			return nil, c.Secrets(), fmt.Errorf("MCP_METRICS_ADDR: %w", err)
		}
	}
	return c, nil, nil
}

func bindEnvFile(fs *flag.FlagSet) *string {
	return fs.String("env-file", "", "read settings from this .env file [default ./.env if present]")
}

// resolver reads the .env file (envFile, or ./.env if there is one; path says which, "" for
// none) and returns get: a setting from its flag when set on fs, else from the environment,
// else from .env, else def. flagName "" is a setting without a flag.
func resolver(fs *flag.FlagSet, envFile string, getenv func(string) (string, bool)) (get func(flagName, env, def string) string, path string, err error) {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	dotenv := map[string]string{}
	switch {
	case envFile != "":
		vars, err := readDotenv(envFile)
		if err != nil {
			return nil, "", fmt.Errorf("--env-file: %w", err)
		}
		dotenv, path = vars, envFile
	default:
		if vars, err := readDotenv(".env"); err == nil {
			dotenv, path = vars, ".env"
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, "", fmt.Errorf("./.env: %w", err)
		}
	}
	get = func(flagName, env, def string) string {
		if flagName != "" && set[flagName] {
			return fs.Lookup(flagName).Value.String()
		}
		if v, ok := getenv(env); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		if v, ok := dotenv[env]; ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	return get, path, nil
}

func checkAthlete(id string) error {
	s := strings.TrimPrefix(id, "i")
	if _, err := strconv.ParseUint(s, 10, 64); err != nil || s == "" {
		return fmt.Errorf("athlete id %s: use the id in your Intervals.icu address (https://intervals.icu/athlete/i12345/... gives i12345), or 0 for the owner of the key", quote(id))
	}
	return nil
}

// checkBaseURL refuses an address that is not an absolute http(s) URL ("" is the default).
func checkBaseURL(s string) error {
	if s == "" {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v := s
		if !strings.Contains(s, "://") {
			v = quote(s)
		}
		return fmt.Errorf("base URL %s: use an absolute URL such as https://intervals.icu [INTERVALS_API_BASE_URL, --base-url]", v)
	}
	return nil
}

// checkAddr refuses a listen address whose port is not a number from 1 to 65535.
func checkAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %s: use host:port such as %s [--addr, FASTMCP_HOST, FASTMCP_PORT]", quote(addr), DefaultAddr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("port %s: use a number from 0 (any free port) to 65535 [--addr, FASTMCP_PORT]", quote(port))
	}
	if len(host) > 253 {
		return fmt.Errorf("host %s: too long for a host name [--addr, FASTMCP_HOST]", quote(host))
	}
	return nil
}

// quote quotes a setting's value in an error, or only its length when it is long enough
// to be a credential put in the wrong setting (ids, levels and names are short).
func quote(v string) string {
	if len(v) > 16 {
		return fmt.Sprintf("(a value of %d characters, not shown: is it a key put in the wrong setting?)", len(v))
	}
	return strconv.Quote(v)
}

// redactError replaces every credential in err's text.
func redactError(err error, secrets []string) error {
	msg := err.Error()
	for _, s := range secrets {
		if len(s) >= 4 {
			msg = strings.ReplaceAll(msg, s, "[redacted]")
		}
	}
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// parseTimeout reads a call time limit: a duration (50s, 2m) or seconds (50); "" is the default.
func parseTimeout(s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		n, nerr := strconv.Atoi(s)
		if nerr != nil {
			return 0, fmt.Errorf("call timeout %s: write a duration such as 50s or 2m", quote(s))
		}
		d = time.Duration(n) * time.Second
	}
	if d < time.Second || d > 10*time.Minute {
		return 0, fmt.Errorf("call timeout %s: use 1s to 10m (the default 50s stays under the clients' 60 s)", d)
	}
	return d, nil
}

func parseLevel(s string) (slog.Level, error) {
	switch strings.ToUpper(s) {
	case "DEBUG":
		return slog.LevelDebug, nil
	case "INFO":
		return slog.LevelInfo, nil
	case "WARN", "WARNING":
		return slog.LevelWarn, nil
	case "ERROR", "CRITICAL":
		return slog.LevelError, nil
	}
	return 0, fmt.Errorf("log level %s: use debug, info, warning or error", quote(s))
}

func parseTransport(s string) (string, error) {
	switch strings.ToLower(s) {
	case "stdio":
		return "stdio", nil
	case "http", "streamable-http", "streamable_http":
		return "http", nil
	case "sse":
		return "sse", nil
	}
	return "", fmt.Errorf("transport %s: use stdio, http (also streamable-http) or sse", quote(s))
}

// parseDuration reads a positive duration such as 90s or 10m; "" is 0 (the default).
func parseDuration(name, s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s %q: use a duration such as 30s or 10m", name, s)
	}
	return d, nil
}

func parseBool(name, s string) (bool, error) {
	switch strings.ToLower(s) {
	case "1", "t", "true", "yes", "y", "on":
		return true, nil
	case "0", "f", "false", "no", "n", "off", "":
		return false, nil
	}
	return false, fmt.Errorf("%s %s: use true or false", name, quote(s))
}

// ErrNoCredentials says how to get an API key and the athlete id.
var ErrNoCredentials = errors.New(`intervals-mcp needs an Intervals.icu API key (or try it first on the demo athlete: add --demo).
  1. Get a key: log in at https://intervals.icu, open Settings, scroll to Developer Settings and create an API key.
  2. Find your athlete id: it is the i12345 in the address of your pages, https://intervals.icu/athlete/i12345/...
     (0, the default, means the athlete who owns the key).
  3. Set API_KEY=<key> and ATHLETE_ID=<id> in the environment, in a .env file in the current directory
     (or --env-file PATH), or in the "env" block of your MCP client's configuration.`)

// NeedCredentials returns ErrNoCredentials when there is no key, no token, no --demo and no
// OAuth (whose users bring their own).
func (c *Config) NeedCredentials() error {
	if c.Demo || c.APIKey != "" || c.AccessToken != "" || c.OAuth.On() {
		return nil
	}
	return ErrNoCredentials
}
