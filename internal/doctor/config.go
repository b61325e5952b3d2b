package doctor

import (
	"net/http"
	"os"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

// checkConfig reports the settings and where each came from, and returns a client that
// records every answer (nil when the configuration cannot work).
func checkConfig(r *report, flagsGiven map[string]bool, cfg *config.Config) (*intervals.ClientWithResponses, string, *recorder) {
	r.section("Configuration")
	src := sourceOf(flagsGiven, cfg)
	rec := &recorder{base: http.DefaultTransport}
	opts := intervals.Options{APIKey: cfg.APIKey, AccessToken: cfg.AccessToken, BaseURL: cfg.BaseURL, MaxRetries: -1}
	athlete := cfg.AthleteID
	switch {
	case cfg.Demo:
		r.line("ok", "credentials", "--demo: the built-in fake Intervals.icu and its demo athlete (no account, no network)")
		rec.base = fakeicu.New(fakeicu.Options{}).Transport()
		opts = intervals.Options{APIKey: fakeicu.DefaultAPIKey, RateLimit: -1, MaxRetries: -1}
		athlete = "0"
	case cfg.APIKey != "":
		if msg, ok := keyProblem(cfg.APIKey); !ok {
			r.line("FAIL", "API key", "%s (from %s)", msg, src("", "API_KEY", cfg.APIKey, ""))
			return nil, "", nil
		}
		r.line("ok", "API key", "set, %d characters, sent as Basic auth with user API_KEY (from %s)", len(cfg.APIKey), src("", "API_KEY", cfg.APIKey, ""))
	case cfg.AccessToken != "":
		r.line("ok", "OAuth token", "set, %d characters, sent as Bearer (from %s)", len(cfg.AccessToken), src("", "INTERVALS_ACCESS_TOKEN", cfg.AccessToken, ""))
	default:
		first, _, _ := strings.Cut(config.ErrNoCredentials.Error(), "\n")
		r.line("FAIL", "API key", "not set: %s", first)
		r.line("info", "", "Get a key at https://intervals.icu/settings (Developer Settings), then set API_KEY")
		return nil, "", nil
	}
	if !cfg.Demo {
		r.line("ok", "athlete", "%s (from %s)", cfg.AthleteID, src("athlete", "ATHLETE_ID", cfg.AthleteID, "0"))
		base := cfg.BaseURL
		if base == "" {
			base = "https://intervals.icu"
		}
		r.line("ok", "base URL", "%s (from %s)", base, src("base-url", "INTERVALS_API_BASE_URL", cfg.BaseURL, ""))
	}
	envFile := cfg.EnvFile
	if envFile == "" {
		envFile = "none"
	}
	r.line("info", ".env file", "%s", envFile)
	names := make([]string, len(cfg.Toolsets))
	for i, t := range cfg.Toolsets {
		names[i] = string(t)
	}
	r.line("info", "tools", "toolsets %s, read-only %v, no-destructive %v", strings.Join(names, ","), cfg.ReadOnly, cfg.NoDestructive)
	opts.HTTPClient = &http.Client{Transport: rec}
	client, err := intervals.New(opts)
	if err != nil {
		r.line("FAIL", "client", "%v", err)
		return nil, "", nil
	}
	return client, athlete, rec
}

// sourceOf returns a function that names where a setting came from, by the precedence
// internal/config applies: a flag (given names those set), then the environment, then the
// .env file, then the default.
func sourceOf(given map[string]bool, cfg *config.Config) func(flagName, env, value, def string) string {
	return func(flagName, env, value, def string) string {
		switch {
		case flagName != "" && given[flagName]:
			return "flag --" + flagName
		case strings.TrimSpace(os.Getenv(env)) != "":
			return "environment " + env
		case value != def && cfg.EnvFile != "":
			return env + " in " + cfg.EnvFile
		}
		return "default"
	}
}

// keyProblem says what is wrong with an API key's form, and false, when it cannot be a key.
func keyProblem(key string) (string, bool) {
	lower := strings.ToLower(key)
	switch {
	case strings.HasPrefix(lower, "bearer ") || strings.HasPrefix(lower, "basic "):
		return `it starts with "Bearer " or "Basic ": give the key alone`, false
	case strings.ContainsAny(key, " \t\r\n\"'"):
		return "it holds spaces or quotes: copy the key alone from Settings > Developer Settings", false
	case len(key) < 10:
		return "it is too short for an Intervals.icu key: copy it again from Settings > Developer Settings", false
	}
	return "", true
}
