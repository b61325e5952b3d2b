// Package config reads the settings of intervals-mcp from flags, the environment and a .env
// file, in that order of precedence (a flag wins over the environment, the environment over
// .env). The reference server's variable names work unchanged: API_KEY, ATHLETE_ID,
// INTERVALS_API_BASE_URL (with or without /api/v1), LOG_LEVEL, MCP_TRANSPORT, FASTMCP_HOST,
// FASTMCP_PORT; ours are MCP_AUTH_TOKEN, INTERVALS_ACCESS_TOKEN, INTERVALS_TOOLSETS,
// INTERVALS_READ_ONLY, INTERVALS_NO_DESTRUCTIVE, and for HTTP MCP_SSE_MAX_SESSIONS,
// MCP_SSE_IDLE_TIMEOUT and MCP_SHUTDOWN_TIMEOUT.
package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
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
	ReadOnly    bool
	// NoDestructive hides the tools that delete (INTERVALS_NO_DESTRUCTIVE, --no-destructive).
	NoDestructive bool
	Demo          bool
	EnvFile       string // the .env file read, "" if none
	// HTTP serving; 0 means the server's default.
	SSEMaxSessions  int           // MCP_SSE_MAX_SESSIONS, --sse-max-sessions
	SSEIdleTimeout  time.Duration // MCP_SSE_IDLE_TIMEOUT, --sse-idle-timeout
	ShutdownTimeout time.Duration // MCP_SHUTDOWN_TIMEOUT, --shutdown-timeout
}

// Filter returns the tool filter of the configuration.
func (c *Config) Filter() manifest.Filter {
	return manifest.Filter{Toolsets: c.Toolsets, ReadOnly: c.ReadOnly, NoDestructive: c.NoDestructive}
}

// Secrets are the values that must never be shown.
func (c *Config) Secrets() []string {
	var s []string
	for _, v := range []string{c.APIKey, c.AccessToken, c.AuthToken} {
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
		slog.String("transport", c.Transport), slog.Bool("read_only", c.ReadOnly),
		slog.Any("toolsets", c.Toolsets), slog.String("env_file", c.EnvFile),
	)
}

// Flags are the command-line flags every server command takes.
type Flags struct {
	fs                                                       *flag.FlagSet
	transport, addr, toolsets, envFile, athlete, base, level *string
	sseMax, sseIdle, shutdown                                *string
	readOnly, noDestructive, demo                            *bool
}

// Bind defines the flags on fs.
func Bind(fs *flag.FlagSet) *Flags {
	return &Flags{
		fs:            fs,
		transport:     fs.String("transport", "", "stdio, http (Streamable HTTP at /mcp, SSE at /sse) or sse [MCP_TRANSPORT; default stdio]"),
		addr:          fs.String("addr", "", "host:port for http and sse [FASTMCP_HOST, FASTMCP_PORT; default "+DefaultAddr+"]"),
		toolsets:      fs.String("toolsets", "", "toolsets to expose: all, default, or a list such as calendar,wellness [INTERVALS_TOOLSETS]"),
		envFile:       fs.String("env-file", "", "read settings from this .env file [default ./.env if present]"),
		athlete:       fs.String("athlete", "", "athlete id such as i12345; 0 = the owner of the key [ATHLETE_ID; default 0]"),
		base:          fs.String("base-url", "", "Intervals.icu address [INTERVALS_API_BASE_URL; default https://intervals.icu]"),
		level:         fs.String("log-level", "", "debug, info, warning or error (logs go to stderr) [LOG_LEVEL; default info]"),
		readOnly:      fs.Bool("read-only", false, "expose read tools only: write and destructive tools are not listed [INTERVALS_READ_ONLY]"),
		noDestructive: fs.Bool("no-destructive", false, "do not list the tools that delete; writes stay [INTERVALS_NO_DESTRUCTIVE]"),
		demo:          fs.Bool("demo", false, "serve the built-in demo athlete (synthetic data, no account, no network)"),
		sseMax:        fs.String("sse-max-sessions", "", "legacy SSE sessions open at once; one more gets 503 [MCP_SSE_MAX_SESSIONS; default 1000]"),
		sseIdle:       fs.String("sse-idle-timeout", "", "close an SSE session after this long without a message, such as 10m [MCP_SSE_IDLE_TIMEOUT; default 10m]"),
		shutdown:      fs.String("shutdown-timeout", "", "on SIGTERM, wait this long at most for the tool calls in flight [MCP_SHUTDOWN_TIMEOUT; default 25s]"),
	}
}

// Load resolves the configuration from the parsed flags, the environment (getenv; nil means
// os.LookupEnv) and the .env file.
func (f *Flags) Load(getenv func(string) (string, bool)) (*Config, error) {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	c := &Config{Demo: *f.demo}
	dotenv := map[string]string{}
	switch path := *f.envFile; {
	case path != "":
		vars, err := readDotenv(path)
		if err != nil {
			return nil, fmt.Errorf("--env-file: %w", err)
		}
		dotenv, c.EnvFile = vars, path
	default:
		if vars, err := readDotenv(".env"); err == nil {
			dotenv, c.EnvFile = vars, ".env"
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("./.env: %w", err)
		}
	}
	get := func(flagName, env, def string) string {
		if flagName != "" && set[flagName] {
			return f.fs.Lookup(flagName).Value.String()
		}
		if v, ok := getenv(env); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		if v, ok := dotenv[env]; ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c.APIKey = get("", "API_KEY", "")
	c.AccessToken = get("", "INTERVALS_ACCESS_TOKEN", "")
	c.AuthToken = get("", "MCP_AUTH_TOKEN", "")
	c.AthleteID = get("athlete", "ATHLETE_ID", "0")
	c.BaseURL = get("base-url", "INTERVALS_API_BASE_URL", "")
	var err error
	if c.LogLevel, err = parseLevel(get("log-level", "LOG_LEVEL", "info")); err != nil {
		return nil, err
	}
	if c.Transport, err = parseTransport(get("transport", "MCP_TRANSPORT", "stdio")); err != nil {
		return nil, err
	}
	if set["addr"] {
		c.Addr = *f.addr
	} else {
		host, port, _ := net.SplitHostPort(DefaultAddr)
		c.Addr = net.JoinHostPort(get("", "FASTMCP_HOST", host), get("", "FASTMCP_PORT", port))
	}
	if c.Toolsets, err = manifest.ParseToolsets(get("toolsets", "INTERVALS_TOOLSETS", "default")); err != nil {
		return nil, err
	}
	if c.ReadOnly, err = parseBool("INTERVALS_READ_ONLY", get("read-only", "INTERVALS_READ_ONLY", "false")); err != nil {
		return nil, err
	}
	if c.NoDestructive, err = parseBool("INTERVALS_NO_DESTRUCTIVE", get("no-destructive", "INTERVALS_NO_DESTRUCTIVE", "false")); err != nil {
		return nil, err
	}
	if err := checkAthlete(c.AthleteID); err != nil {
		return nil, err
	}
	if v := get("sse-max-sessions", "MCP_SSE_MAX_SESSIONS", ""); v != "" {
		if c.SSEMaxSessions, err = strconv.Atoi(v); err != nil || c.SSEMaxSessions < 1 {
			return nil, fmt.Errorf("MCP_SSE_MAX_SESSIONS %q: use a whole number of sessions, 1 or more", v)
		}
	}
	if c.SSEIdleTimeout, err = parseDuration("MCP_SSE_IDLE_TIMEOUT", get("sse-idle-timeout", "MCP_SSE_IDLE_TIMEOUT", "")); err != nil {
		return nil, err
	}
	if c.ShutdownTimeout, err = parseDuration("MCP_SHUTDOWN_TIMEOUT", get("shutdown-timeout", "MCP_SHUTDOWN_TIMEOUT", "")); err != nil {
		return nil, err
	}
	return c, nil
}

func checkAthlete(id string) error {
	s := strings.TrimPrefix(id, "i")
	if _, err := strconv.ParseUint(s, 10, 64); err != nil || s == "" {
		return fmt.Errorf("athlete id %q: use the id in your Intervals.icu address (https://intervals.icu/athlete/i12345/... gives i12345), or 0 for the owner of the key", id)
	}
	return nil
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
	return 0, fmt.Errorf("log level %q: use debug, info, warning or error", s)
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
	return "", fmt.Errorf("transport %q: use stdio, http (also streamable-http) or sse", s)
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
	return false, fmt.Errorf("%s %q: use true or false", name, s)
}

// ErrNoCredentials says how to get an API key and the athlete id.
var ErrNoCredentials = errors.New(`intervals-mcp needs an Intervals.icu API key (or try it first on the demo athlete: add --demo).
  1. Get a key: log in at https://intervals.icu, open Settings, scroll to Developer Settings and create an API key.
  2. Find your athlete id: it is the i12345 in the address of your pages, https://intervals.icu/athlete/i12345/...
     (0, the default, means the athlete who owns the key).
  3. Set API_KEY=<key> and ATHLETE_ID=<id> in the environment, in a .env file in the current directory
     (or --env-file PATH), or in the "env" block of your MCP client's configuration.`)

// NeedCredentials returns ErrNoCredentials when there is no key, no token and no --demo.
func (c *Config) NeedCredentials() error {
	if c.Demo || c.APIKey != "" || c.AccessToken != "" {
		return nil
	}
	return ErrNoCredentials
}
