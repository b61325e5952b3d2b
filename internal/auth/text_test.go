package auth

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCutTextCutsAtACharacter(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{strings.Repeat("a", 99) + "é", 100, strings.Repeat("a", 99) + "é"},
		{strings.Repeat("a", 99) + "éz", 100, strings.Repeat("a", 99) + "é"},
		{"日本語テキスト", 3, "日本語"},
		{"👍🏽ok", 1, "👍"},
		{"short", 100, "short"},
		{"", 5, ""},
	} {
		if got := cutText(c.in, c.n); got != c.want || !utf8.ValidString(got) {
			t.Errorf("cutText(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestCheckTextRefusesControlsBidiAndBrokenUTF8(t *testing.T) {
	for _, s := range []string{"a\x00b", "line\nbreak", "tab\t", "esc\x1b[31m", "del\x7f", "c1\u0085x", "csi\u009b",
		"\u202Aa", "\u202B", "\u202C", "\u202D", "rlo\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "lrm\u200E", "rlm\u200F",
		"alm\u061C", "ls\u2028", "\xff", "half\xc3"} {
		if checkText("name", s) == nil {
			t.Errorf("checkText(%q) took it", s)
		}
	}
	for _, s := range []string{"Claude", "Visual Studio Code", "Ωmega ✓ 日本 عربي עברית", "emoji 👍🏽 with ZWJ 👩‍💻", ""} {
		if err := checkText("name", s); err != nil {
			t.Errorf("checkText(%q): %v", s, err)
		}
	}
	if err := checkText("client_name", "x\u202Ey"); err == nil || !strings.Contains(err.Error(), "client_name") || !strings.Contains(err.Error(), "U+202E") {
		t.Errorf("the error %v does not name the field and the character", err)
	}
}

func TestEscapeTextShowsWhatItCannotRefuse(t *testing.T) {
	for in, want := range map[string]string{
		"Tools\u202Etxt.exe": `Tools\u202Etxt.exe`,
		"bell\a":             `bell\u0007`,
		"two\nlines":         `two\u000Alines`,
		"bad\xffbyte":        "bad\uFFFDbyte",
		"fine, 日本":           "fine, 日本",
	} {
		if got := escapeText(in); got != want {
			t.Errorf("escapeText(%q) = %q, want %q", in, got, want)
		}
		if got := escapeText(escapeText(in)); got != escapeText(in) {
			t.Errorf("escapeText is not idempotent on %q: %q", in, got)
		}
	}
	if got := hostText("\u0441laude.ai"); got != `\u0441laude.ai` {
		t.Errorf("hostText of a Cyrillic look-alike = %q", got)
	}
	if got := hostText("claude.ai:443"); got != "claude.ai:443" {
		t.Errorf("hostText(claude.ai:443) = %q", got)
	}
}

func TestPrintableEscapesOnlyWhatActsOnTheTerminal(t *testing.T) {
	for in, want := range map[string]string{
		"laptop":                  "laptop",
		`C:\laptop`:               `C:\laptop`,
		"a\x00b\x7fc\u009bd":      `a\x00b\x7fc\u009bd`,
		"line\u2028para\u2029end": `line\u2028para\u2029end`,
		"\ufffd kept, \xc3 not":   `` + "\ufffd" + ` kept, \xc3 not`,
		"emoji 👩‍💻 and אב":        "emoji 👩‍💻 and אב",
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}
