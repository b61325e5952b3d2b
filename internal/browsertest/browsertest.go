package browsertest

import (
	"os"
	"os/exec"
	"testing"
)

// Chromium finds a headless-capable Chromium: $CHROMIUM, or one on PATH (Debian's package
// is chromium). Without one the test skips, saying what it does not check (what), and fails
// under CI=true, where .ci/run installs it.
func Chromium(t testing.TB, what string) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium on PATH (chromium, chromium-browser, google-chrome) and CI=true: .ci/run installs the Debian package chromium")
	}
	t.Skip("no Chromium on PATH: " + what + " (apt-get install chromium, or set CHROMIUM)")
	return ""
}
