package auth_test

import (
	"context"
	"crypto/rand"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/browsertest"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// artefacts is where a test's screenshots go: $TEST_ARTIFACTS/<test>, or a temporary
// directory, never the repository.
func artefacts(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_ARTIFACTS")
	if base == "" {
		return t.TempDir()
	}
	dir := filepath.Join(base, strings.ReplaceAll(t.Name(), "/", "_"))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// accountServer is the authorization server as --demo runs it: on a loopback address, the
// fake Intervals.icu's sign-in under auth.DemoPath, an SQLite store; set changes its options.
func accountServer(t *testing.T, set ...func(*auth.Options)) (*auth.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	public := "http://" + ln.Addr().String()
	st, err := store.Open(context.Background(), store.Config{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	sealer, err := auth.NewSealer([][]byte{key})
	if err != nil {
		t.Fatal(err)
	}
	up, signIn := demoSignIn(fakeicu.New(fakeicu.Options{}), public)
	opts := auth.Options{PublicURL: public, Store: st, Sealer: sealer, Upstream: up}
	for _, f := range set {
		f(&opts)
	}
	srv, err := auth.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := &httptest.Server{Listener: ln, Config: &http.Server{Handler: withSignIn(srv.Handler(), signIn), ReadHeaderTimeout: 10 * time.Second}}
	hs.Start()
	t.Cleanup(hs.Close)
	return srv, public
}

// browser is a headless Chromium of one test, its screenshots kept in shots: tab is its first
// tab; newTab opens another in the same profile (the same cookies).
type browser struct {
	t     *testing.T
	tab   context.Context
	shots string
}

func newBrowser(t *testing.T, what string) *browser {
	t.Helper()
	bin := browsertest.Chromium(t, what)
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(bin), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")), chromedp.WindowSize(1000, 1100))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	tab, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(tab); err != nil { // starts the browser
		t.Fatal(err)
	}
	b := &browser{t: t, tab: tab, shots: artefacts(t)}
	t.Cleanup(func() { t.Logf("screenshots in %s", b.shots) })
	return b
}

// newTab opens another tab of the browser.
func (b *browser) newTab() context.Context {
	tab, cancel := chromedp.NewContext(b.tab)
	b.t.Cleanup(cancel)
	return tab
}

// step runs actions in tab, then keeps a screenshot of the page as name.png.
func (b *browser) step(tab context.Context, name string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(tab, actions...); err != nil {
		b.t.Fatalf("%s: %v", name, err)
	}
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("%s: screenshot: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(b.shots, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// read is what tab shows now: its address, or the text of an element.
func (b *browser) read(tab context.Context, a chromedp.Action[string]) string {
	b.t.Helper()
	v, err := chromedp.Run(tab, a)
	if err != nil {
		b.t.Fatal(err)
	}
	return v
}

// text is the text of the element css selects in tab.
func (b *browser) text(tab context.Context, css string) string {
	b.t.Helper()
	return b.read(tab, chromedp.Text(chromedp.CSS(css)))
}

// TestAccountPageInChromium signs in on the account page through the fake's approve page,
// creates a personal token, sees it listed and revokes it, in headless Chromium, with a
// screenshot of each step.
func TestAccountPageInChromium(t *testing.T) {
	b := newBrowser(t, "the account page is not tried in a browser")
	srv, public := accountServer(t)
	tab := b.tab
	step := func(name string, actions ...chromedp.Action[chromedp.Void]) { b.step(tab, name, actions...) }
	read := func(a chromedp.Action[string]) string { return b.read(tab, a) }
	text := func(css string) string { return b.text(tab, css) }

	step("1-sign-in",
		chromedp.Navigate(public+"/account"),
		chromedp.WaitVisible(chromedp.CSS(`form[action="/account/signin"] button`)))
	step("2-intervals-approve",
		chromedp.Click(chromedp.CSS(`form[action="/account/signin"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`button[name=decision][value=allow]`)))
	if url, body := read(chromedp.Location()), text("main"); !strings.HasPrefix(url, public+demoPath+"/oauth/authorize?") ||
		!strings.Contains(body, "Wellness data: read and write") {
		t.Fatalf("the sign-in went to %s, showing:\n%s", url, body)
	}
	step("3-signed-in",
		chromedp.Click(chromedp.CSS(`button[name=decision][value=allow]`)),
		chromedp.WaitVisible(chromedp.CSS(`#token-name`)))
	if url, body := read(chromedp.Location()), text("body"); url != public+"/account" ||
		!strings.Contains(body, "Alex Demo (i100001)") || !strings.Contains(body, "No personal token") {
		t.Fatalf("after approving: %s, showing:\n%s", url, body)
	}
	step("4-token-created",
		chromedp.SendKeys(chromedp.CSS(`#token-name`), "browser-test"),
		chromedp.Click(chromedp.CSS(`input[name=scope][value=write]`)),
		chromedp.SetValue(chromedp.CSS(`#token-expires`), "30d"),
		chromedp.Click(chromedp.CSS(`form[action="/account/tokens"] button.primary`)),
		chromedp.WaitVisible(chromedp.CSS(`.secret`)))
	token, listed := strings.TrimSpace(text(".secret")), text("section[aria-labelledby=tokens] table")
	if !strings.HasPrefix(token, auth.PrefixPersonal) || !strings.Contains(listed, "browser-test") || !strings.Contains(listed, "read and change") {
		t.Fatalf("created token %q, the list shows:\n%s", token, listed)
	}
	info, err := srv.Verify(context.Background(), token)
	if left := time.Until(info.Expires); err != nil || !info.Has(caller.ScopeWrite) || info.AthleteID != "i100001" ||
		left < 29*24*time.Hour || left > 30*24*time.Hour {
		t.Fatalf("the new token verifies as %+v, %v", info, err)
	}
	step("5-token-revoked",
		chromedp.Click(chromedp.CSS(`button[aria-label="Revoke token browser-test"]`)),
		chromedp.WaitNotPresent(chromedp.CSS(`.secret`)), // the page that showed the new token is gone
		chromedp.WaitVisible(chromedp.CSS(`p[role=status]`)))
	if body := text("body"); !strings.Contains(body, "The token is revoked. It was your last connection") || strings.Contains(body, "browser-test") || strings.Contains(body, token) {
		t.Fatalf("after revoking, the page shows:\n%s", body)
	}
	if _, err := srv.Verify(context.Background(), token); !errors.Is(err, caller.ErrInvalidToken) {
		t.Errorf("the revoked token verifies: %v", err)
	}
}
