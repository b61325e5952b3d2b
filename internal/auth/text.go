package auth

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text that clients and users give us (a client's name, a personal token's name) is stored
// and shown in pages, logs and tables, so it is text: valid UTF-8, cut at a character, never
// inside one (PostgreSQL refuses a split character), and free of the characters that change
// how the text around them reads: controls (a newline forges a row, an escape sequence
// drives a terminal) and bidirectional formatting (after U+202E the text reads backwards, so
// a name can pass for another). Where we can say no, we refuse them (checkText); where we
// cannot (a metadata document's name: its host, not its user, could fix it), and for what
// was stored before, we show them escaped (escapeText in pages, printable in a terminal).

// cutText is s cut to at most n characters (runes), at a character boundary.
func cutText(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// unsafeRune reports the characters text may not hold: C0 controls, DEL and C1 controls,
// the bidirectional marks and embeddings, overrides and isolates (U+061C, U+200E, U+200F,
// U+202A to U+202E, U+2066 to U+2069), and the line and paragraph separators.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x2028 && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// checkText refuses text that is not valid UTF-8 or holds an unsafe character; the error
// names what (a field, such as client_name) and the character.
func checkText(what, s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not UTF-8 text", what)
	}
	for _, r := range s {
		if unsafeRune(r) {
			return fmt.Errorf("%s holds U+%04X, a control or bidirectional formatting character: remove it", what, r)
		}
	}
	return nil
}

// escapeText shows each unsafe character of s as its escape (\u202E) and each byte that is
// not UTF-8 as U+FFFD, leaving the rest as it is: what it returns is safe to show anywhere.
func escapeText(s string) string { return escapeRunes(s, unsafeRune) }

// hostText is a host name as our pages show it: a host outside ASCII (which the browser and
// our fetches reach as its punycode) shown with each such character escaped, so that a name
// in look-alike letters cannot pass for another.
func hostText(host string) string {
	return escapeRunes(host, func(r rune) bool { return r < 0x20 || r >= 0x7f })
}

// escapeRunes writes each rune of s for which escape is true as \uXXXX (a byte that is not
// UTF-8 comes as U+FFFD).
func escapeRunes(s string, escape func(rune) bool) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, escape) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if escape(r) {
			fmt.Fprintf(&b, `\u%04X`, r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// printable is text a user or a client gave, as one cell of a terminal table: the
// characters that would act on the terminal or on the row instead of showing (unsafeRune:
// C0 and C1 controls with ESC, newline and tab, DEL, the line and paragraph separators, the
// bidi controls) are written as Go escapes (\x1b, \n, \u202e), and bytes that are not UTF-8
// as \xff, so that a row stays one row and reads in the order it is stored. A backslash is
// left as it is.
func printable(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && strings.HasPrefix(s[i:], "\xef\xbf\xbd"): // U+FFFD itself
			b.WriteRune(r)
		case r == utf8.RuneError:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
