package doctor

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestWrongKey(t *testing.T) {
	t.Parallel()
	report, err := against(t, fakeicu.Options{}, config.Config{APIKey: "not-the-right-key"}, false)
	wantFailed(t, report, err)
	wantLines(t, report, "FAIL  key                    refused (401): the API key is wrong or revoked", "Result: FAIL")
}

func TestKeyAsBearer(t *testing.T) {
	t.Parallel()
	report, err := against(t, fakeicu.Options{}, config.Config{AccessToken: fakeicu.DefaultAPIKey}, false)
	wantFailed(t, report, err)
	wantLines(t, report, "FAIL  key                    refused (403): access denied: if you sent an API key as a Bearer token, send it as Basic auth")
}

func TestUnknownAthlete(t *testing.T) {
	t.Parallel()
	report, err := against(t, fakeicu.Options{}, config.Config{APIKey: fakeicu.DefaultAPIKey, AthleteID: "i999999"}, false)
	wantFailed(t, report, err)
	wantLines(t, report, "ok    key                    accepted (it belongs to athlete i100001)",
		"FAIL  athlete                i999999 cannot be read with this key (403): set ATHLETE_ID", "Result: FAIL")
}

func TestUnreachable(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{APIKey: fakeicu.DefaultAPIKey, BaseURL: "http://" + unusedAddr(t)}
	report, err := run(t, Options{Config: cfg})
	wantFailed(t, report, err)
	wantLines(t, report, "FAIL  reachable              no answer:", "connection refused", "Result: FAIL")
}

func TestClock(t *testing.T) {
	t.Parallel()
	now := time.Now().UTC()
	for date, want := range map[string]string{
		"":                          "skip  clock                  the answer had no Date header",
		"yesterday":                 `skip  clock                  the Date header "yesterday" does not parse`,
		now.Format(http.TimeFormat): "ok    clock                  this machine's clock is ",
		now.Add(-3 * time.Hour).Format(http.TimeFormat): "warn  clock                  this machine's clock is 3h0m",
	} {
		var out bytes.Buffer
		r := &report{w: &out, redact: func(s string) string { return s }}
		checkClock(r, exchange{Date: date})
		if !strings.Contains(out.String(), want) || r.warns != strings.Count(want, "warn") {
			t.Errorf("Date %q: %q (%d warnings), want %q", date, out.String(), r.warns, want)
		}
	}
}
