package doctor

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
)

func TestKeyWithBearerPrefix(t *testing.T) {
	t.Parallel()
	report, err := run(t, Options{Config: &config.Config{APIKey: "Bearer abcdefghijkl"}})
	wantFailed(t, report, err)
	if strings.Contains(report, "abcdefghijkl") {
		t.Errorf("the report shows the key:\n%s", report)
	}
	wantLines(t, report, `FAIL  API key                it starts with "Bearer "`)
}

func TestNoKey(t *testing.T) {
	t.Parallel()
	report, err := run(t, Options{Config: &config.Config{}})
	wantFailed(t, report, err)
	wantLines(t, report, "FAIL  API key                not set", "intervals.icu/settings")
}

func TestKeyProblem(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{
		"Bearer abcdefghijkl": `starts with "Bearer " or "Basic "`,
		"basic abcdefghijkl":  `starts with "Bearer " or "Basic "`,
		"abcdef ghijkl":       "spaces or quotes",
		`"abcdefghijkl"`:      "spaces or quotes",
		"abcdef":              "too short",
		"abcdefghijkl":        "",
	} {
		msg, ok := keyProblem(key)
		if ok != (want == "") || !strings.Contains(msg, want) || strings.Contains(msg, key) {
			t.Errorf("keyProblem(%q) = %q, %v; want %q", key, msg, ok, want)
		}
	}
}

func TestSourceOf(t *testing.T) {
	t.Setenv("ATHLETE_ID", "i100001")
	t.Setenv("API_KEY", " ")
	src := sourceOf(map[string]bool{"base-url": true}, &config.Config{EnvFile: "my.env"})
	for _, tc := range []struct{ flag, env, value, def, want string }{
		{"base-url", "INTERVALS_API_BASE_URL", "http://x", "", "flag --base-url"},
		{"athlete", "ATHLETE_ID", "i100001", "0", "environment ATHLETE_ID"},
		{"", "API_KEY", "abcdefghijkl", "", "API_KEY in my.env"},
		{"", "INTERVALS_ACCESS_TOKEN", "", "", "default"},
	} {
		if got := src(tc.flag, tc.env, tc.value, tc.def); got != tc.want {
			t.Errorf("source of %s = %q, want %q", tc.env, got, tc.want)
		}
	}
	if got := sourceOf(nil, &config.Config{})("", "API_KEY", "abcdefghijkl", ""); got != "default" {
		t.Errorf("without a .env file: %q, want default", got)
	}
}
