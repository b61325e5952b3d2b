package config

import (
	"errors"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func load(t *testing.T, args []string, env map[string]string) (*Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	f := Bind(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return f.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
}

// inDir runs the test in a fresh directory (for ./.env).
func inDir(t *testing.T) string {
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func TestDefaults(t *testing.T) {
	inDir(t)
	c, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.AthleteID != "0" || c.Transport != "stdio" || c.Addr != DefaultAddr || c.ReadOnly || c.LogLevel != slog.LevelInfo ||
		!slices.Equal(c.Toolsets, manifest.DefaultToolsets) || c.EnvFile != "" {
		t.Errorf("defaults: %+v", c)
	}
}

func TestReferenceServerVariables(t *testing.T) {
	inDir(t)
	c, err := load(t, nil, map[string]string{
		"API_KEY": "k", "ATHLETE_ID": "i12345", "INTERVALS_API_BASE_URL": "https://intervals.icu/api/v1",
		"LOG_LEVEL": "WARNING", "MCP_TRANSPORT": "streamable-http", "FASTMCP_HOST": "127.0.0.1", "FASTMCP_PORT": "9000",
		"INTERVALS_TOOLSETS": "calendar,coach", "INTERVALS_READ_ONLY": "1", "MCP_AUTH_TOKEN": "tok",
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.APIKey != "k" || c.AthleteID != "i12345" || c.BaseURL != "https://intervals.icu/api/v1" || c.LogLevel != slog.LevelWarn ||
		c.Transport != "http" || c.Addr != "127.0.0.1:9000" || !c.ReadOnly || c.AuthToken != "tok" ||
		!slices.Equal(c.Toolsets, []manifest.Toolset{manifest.Calendar, manifest.Coach}) {
		t.Errorf("got %+v", c)
	}
}

func TestFlagsWinOverEnvWhichWinsOverDotenv(t *testing.T) {
	dir := inDir(t)
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("# comment\nexport API_KEY=\"fromfile\"\nATHLETE_ID=i1\nMCP_TRANSPORT=sse # inline\nLOG_LEVEL='debug'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := load(t, []string{"--transport", "http"}, map[string]string{"ATHLETE_ID": "i2", "MCP_TRANSPORT": "stdio"})
	if err != nil {
		t.Fatal(err)
	}
	if c.APIKey != "fromfile" || c.AthleteID != "i2" || c.Transport != "http" || c.LogLevel != slog.LevelDebug || c.EnvFile != ".env" {
		t.Errorf("got key=%q athlete=%q transport=%q level=%v file=%q", c.APIKey, c.AthleteID, c.Transport, c.LogLevel, c.EnvFile)
	}
	c, err = load(t, []string{"--read-only=false"}, map[string]string{"INTERVALS_READ_ONLY": "true"})
	if err != nil || c.ReadOnly {
		t.Errorf("--read-only=false must win over the environment: %v %v", c.ReadOnly, err)
	}
}

func TestEnvFileFlag(t *testing.T) {
	inDir(t)
	other := filepath.Join(t.TempDir(), "intervals.env")
	if err := os.WriteFile(other, []byte("API_KEY=abc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := load(t, []string{"--env-file", other}, nil)
	if err != nil || c.APIKey != "abc" || c.EnvFile != other {
		t.Errorf("got %+v, %v", c, err)
	}
	if _, err := load(t, []string{"--env-file", other + ".missing"}, nil); err == nil {
		t.Error("a missing --env-file must be an error")
	}
}

func TestBadValuesSayWhatToUse(t *testing.T) {
	inDir(t)
	for env, want := range map[string]string{
		"MCP_TRANSPORT":        "use stdio, http",
		"LOG_LEVEL":            "use debug, info",
		"INTERVALS_TOOLSETS":   "unknown toolset",
		"INTERVALS_READ_ONLY":  "use true or false",
		"ATHLETE_ID":           "i12345",
		"MCP_SSE_MAX_SESSIONS": "whole number",
		"MCP_SSE_IDLE_TIMEOUT": "such as 30s",
		"MCP_SHUTDOWN_TIMEOUT": "such as 30s",
	} {
		_, err := load(t, nil, map[string]string{env: "bogus"})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s=bogus: %v", env, err)
		}
	}
}

func TestNoCredentialsMessage(t *testing.T) {
	inDir(t)
	c, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = c.NeedCredentials()
	if !errors.Is(err, ErrNoCredentials) {
		t.Fatalf("got %v", err)
	}
	for _, want := range []string{"Developer Settings", "i12345", "API_KEY", "--demo"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q", want)
		}
	}
	c.Demo = true
	if c.NeedCredentials() != nil {
		t.Error("--demo needs no credentials")
	}
}

func TestLogValueHasNoSecret(t *testing.T) {
	c := &Config{APIKey: "supersecretkey", AuthToken: "tok-secret", AthleteID: "i1"}
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("config", "config", c)
	if strings.Contains(b.String(), "supersecretkey") || strings.Contains(b.String(), "tok-secret") || !strings.Contains(b.String(), "api key") {
		t.Errorf("logged %q", b.String())
	}
}

func TestDotenvQuotedValueWithComment(t *testing.T) {
	dir := inDir(t)
	env := "API_KEY=\"quoted-key\" # from Settings\nATHLETE_ID='i7'   # me\nINTERVALS_API_BASE_URL=\"http://127.0.0.1:1/a#b\"\n"
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte(env), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.APIKey != "quoted-key" || c.AthleteID != "i7" || c.BaseURL != "http://127.0.0.1:1/a#b" {
		t.Errorf("got key=%q athlete=%q base=%q, want the values without quotes and comments", c.APIKey, c.AthleteID, c.BaseURL)
	}
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("API_KEY=\"unterminated\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := load(t, nil, nil); err == nil || !strings.Contains(err.Error(), "line 1") || strings.Contains(err.Error(), "unterminated") {
		t.Errorf("an unclosed quote must be an error naming the line but not the value: %v", err)
	}
}

func TestAddrFlagWinsOverFastMCPVariables(t *testing.T) {
	inDir(t)
	env := map[string]string{"FASTMCP_HOST": "127.0.0.2", "FASTMCP_PORT": "9001"}
	c, err := load(t, []string{"--addr", "127.0.0.1:7000"}, env)
	if err != nil || c.Addr != "127.0.0.1:7000" {
		t.Errorf("--addr must win over FASTMCP_HOST/PORT: %q %v", c.Addr, err)
	}
	c, err = load(t, nil, map[string]string{"FASTMCP_PORT": "9001"})
	if err != nil || c.Addr != "127.0.0.1:9001" {
		t.Errorf("FASTMCP_PORT alone keeps the loopback host: %q %v", c.Addr, err)
	}
}

// A key put in any other setting by mistake is never printed, whether API_KEY holds it too
// or not.
func TestNoSettingPrintsTheAPIKey(t *testing.T) {
	const key = "3k9x2vq8m1z7w4r6t0y5u2p8s1"
	for _, name := range []string{"ATHLETE_ID", "LOG_LEVEL", "MCP_TRANSPORT", "INTERVALS_TOOLSETS", "INTERVALS_READ_ONLY", "INTERVALS_NO_DESTRUCTIVE", "INTERVALS_CALL_TIMEOUT", "INTERVALS_API_BASE_URL", "FASTMCP_PORT"} {
		for _, withKey := range []bool{true, false} {
			env := map[string]string{name: key}
			if withKey {
				env["API_KEY"] = key
			}
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			f := Bind(fs)
			if err := fs.Parse(nil); err != nil {
				t.Fatal(err)
			}
			_, err := f.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
			if err == nil {
				t.Errorf("%s set to a key: no error", name)
				continue
			}
			if strings.Contains(err.Error(), key) || strings.Contains(err.Error(), key[:12]) {
				t.Errorf("%s set to the key (API_KEY too: %v): the error prints it: %v", name, withKey, err)
			}
		}
	}
}

func TestCallTimeoutIsSettable(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	f := Bind(fs)
	if err := fs.Parse([]string{"--call-timeout", "20s"}); err != nil {
		t.Fatal(err)
	}
	c, err := f.Load(func(string) (string, bool) { return "", false })
	if err != nil || c.CallTimeout != 20*time.Second {
		t.Fatalf("got %v, %v; want 20s", c, err)
	}
}

func TestHTTPSettingsFromFlagsAndEnv(t *testing.T) {
	inDir(t)
	c, err := load(t, []string{"--sse-max-sessions", "5", "--shutdown-timeout", "3s"}, map[string]string{"MCP_SSE_IDLE_TIMEOUT": "90s", "MCP_SSE_MAX_SESSIONS": "9"})
	if err != nil {
		t.Fatal(err)
	}
	if c.SSEMaxSessions != 5 || c.SSEIdleTimeout != 90*time.Second || c.ShutdownTimeout != 3*time.Second {
		t.Errorf("got max %d, idle %s, shutdown %s", c.SSEMaxSessions, c.SSEIdleTimeout, c.ShutdownTimeout)
	}
	d, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.SSEMaxSessions != 0 || d.SSEIdleTimeout != 0 || d.ShutdownTimeout != 0 {
		t.Errorf("unset settings must stay 0 (the server's defaults): %+v", d)
	}
}
