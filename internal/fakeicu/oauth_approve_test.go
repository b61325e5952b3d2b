package fakeicu

import (
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestApprovePageShowsEveryValueAsText: what a sign-in request carries (its redirect_uri,
// state, scope, client id, and the problem quoting them), the app's name and the athletes'
// are shown on the approve page as the text they are, in elements and in the hidden fields
// the form posts back: never markup, never escaped twice.
func TestApprovePageShowsEveryValueAsText(t *testing.T) {
	const (
		element = `"><script>alert(1)</script>`
		attr    = `a" onmouseover="x` // in an attribute, it would add an event handler
		entity  = `<b>&amp; 'q' 1+1`  // shown unescaped it reads "&", escaped twice "&amp;amp;"
		hostile = element + " " + attr + " " + entity
	)
	page := func(v approveView) (els []*html.Node, texts map[string][]string) {
		t.Helper()
		w := httptest.NewRecorder()
		(&Fake{}).renderApprove(w, 200, v)
		doc, err := html.Parse(strings.NewReader(w.Body.String()))
		if err != nil {
			t.Fatal(err)
		}
		texts = map[string][]string{}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			if n.Data == "script" {
				t.Errorf("the page has a script element:\n%s", w.Body)
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") {
					t.Errorf("the page has an attribute %s=%q:\n%s", a.Key, a.Val, w.Body)
				}
			}
			var text strings.Builder
			for d := range n.Descendants() {
				if d.Type == html.TextNode {
					text.WriteString(d.Data)
				}
			}
			els, texts[n.Data] = append(els, n), append(texts[n.Data], text.String())
		}
		return els, texts
	}
	shows := func(texts map[string][]string, tag, want string) {
		t.Helper()
		for _, s := range texts[tag] {
			if s == want {
				return
			}
		}
		t.Errorf("no %s shows %q: %q", tag, want, texts[tag])
	}

	_, texts := page(approveView{Problem: hostile})
	shows(texts, "title", "Sign-in request refused · Intervals.icu (fake)")
	shows(texts, "p", hostile)

	req := signInRequest{ClientID: attr, RedirectURI: hostile, Scope: entity, State: attr, ResponseType: hostile}
	els, texts := page(approveView{App: hostile, Req: req, Scopes: []scopeLine{{Label: hostile, Access: entity}},
		Athletes: []athleteChoice{{ID: attr, Name: hostile, Checked: true}, {ID: hostile, Name: attr}}})
	shows(texts, "title", "Authorize "+hostile+" · Intervals.icu (fake)")
	shows(texts, "h1", "Authorize "+hostile)
	shows(texts, "p", hostile+" asks for access to your Intervals.icu data:")
	shows(texts, "li", hostile+": "+entity)
	shows(texts, "label", " "+hostile+" ("+attr+")")
	shows(texts, "label", " "+attr+" ("+hostile+")")
	inputs := map[string][]string{}
	for _, n := range els {
		if n.Data == "input" {
			var name, value string
			for _, a := range n.Attr {
				switch a.Key {
				case "name":
					name = a.Val
				case "value":
					value = a.Val
				}
			}
			inputs[name] = append(inputs[name], value)
		}
	}
	for name, want := range map[string][]string{"client_id": {attr}, "redirect_uri": {hostile}, "scope": {entity}, "state": {attr},
		"response_type": {hostile}, "athlete": {attr, hostile}} {
		if got := inputs[name]; strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("the %s fields post %q, want %q", name, got, want)
		}
	}
}
