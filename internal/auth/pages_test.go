package auth

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"golang.org/x/net/html"
	g "maragu.dev/gomponents"
)

// Values a client, a user or a metadata document's host could give us: one that closes an
// attribute or an element and opens a script, one that adds an event handler to the
// attribute it lands in, and one that is already an entity (shown unescaped, it would read
// "&"; escaped twice, "&amp;amp;").
const (
	hostileElement = `"><script>alert(1)</script>`
	hostileAttr    = `a" onmouseover="x`
	hostileEntity  = `<b>&amp; 'q' 1+1`
	hostile        = hostileElement + " " + hostileAttr + " " + hostileEntity
)

// element is an element of a page as a browser reads it: its text is that of all it holds.
type element struct {
	tag, text string
	attrs     map[string]string
}

// readPage parses page as a browser does; a script element or an event handler attribute
// (a value that broke out of its text or attribute) fails the test.
func readPage(t *testing.T, name, page string) []element {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []element
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		e := element{tag: n.Data, attrs: map[string]string{}}
		if n.Data == "script" {
			t.Errorf("%s has a script element:\n%s", name, page)
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") {
				t.Errorf("%s has an attribute %s=%q:\n%s", name, a.Key, a.Val, page)
			}
			e.attrs[a.Key] = a.Val
		}
		var text strings.Builder
		for d := range n.Descendants() {
			if d.Type == html.TextNode {
				text.WriteString(d.Data)
			}
		}
		e.text = text.String()
		out = append(out, e)
	}
	return out
}

// shows reports whether the page has an element tag whose text is text (attr "") or whose
// attribute attr is text.
func shows(els []element, tag, attr, text string) bool {
	for _, e := range els {
		if e.tag != tag {
			continue
		}
		if v, ok := e.attrs[attr]; attr == "" && e.text == text || attr != "" && ok && v == text {
			return true
		}
	}
	return false
}

// TestPagesShowEveryValueAsText: a value in any page (the error page's title and message, the
// consent page's client, redirect host and handle, the account page's athlete, connections,
// tokens, CSRF token and notices, the sign-in page's notice) is shown as the text it is, in
// elements and in attributes: never markup, never escaped twice.
func TestPagesShowEveryValueAsText(t *testing.T) {
	s := &Server{}
	render := func(name string, doc g.Node) []element {
		t.Helper()
		w := httptest.NewRecorder()
		s.render(w, http.StatusOK, name, doc)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%s = %d %q", name, w.Code, w.Header().Get("Content-Type"))
		}
		return readPage(t, name, w.Body.String())
	}
	want := func(name string, els []element, tag, attr, text string) {
		t.Helper()
		if !shows(els, tag, attr, text) {
			t.Errorf("%s: no %s with text or %s %q; the page has %+v", name, tag, attr, text, els)
		}
	}

	els := render("error", errorDoc(hostile, hostile+"!"))
	want("error", els, "title", "", hostile+" · intervals-mcp")
	want("error", els, "h1", "", hostile)
	want("error", els, "p", "", hostile+"!")

	for _, verified := range []bool{true, false} {
		label := labelOf("c1", hostile, false) // a registered client named hostile
		if verified {
			label.Host = hostileAttr // no host can be this: it stands for any
		}
		els = render("consent", consentDoc(consentView{title: "Connect " + hostile, client: label, redirectHost: hostile, handle: hostileAttr}))
		want("consent", els, "title", "", "Connect "+hostile+" · intervals-mcp")
		if verified {
			want("consent", els, "span", "", hostileAttr)
			want("consent", els, "strong", "", hostileAttr)
		}
		want("consent", els, "span", "", hostile)
		want("consent", els, "input", "value", hostileAttr)
		if !strings.Contains(els[0].text, "calls itself “"+hostile+"”") {
			t.Errorf("the consent page does not give the client's name as it is:\n%s", els[0].text)
		}
	}

	els = render("signin", signInDoc(hostile))
	want("signin", els, "p", "", hostile)

	// The values in attributes (ids, the CSRF token, a token's name in its button's label)
	// are also hostileAttr alone, which would add an event handler to their element.
	token := hostileAttr + " " + hostileEntity
	grant := accountRow{ID: hostile, Name: labelOf("c1", hostile, false).String(), Access: "read", Created: "never", LastUsed: "never"}
	els = render("account", accountDoc(accountView{athlete: hostile, csrf: hostileAttr, created: hostile, notice: hostile + "!",
		grants: []accountRow{grant}, tokens: []accountRow{{ID: hostileAttr, Name: token, Access: "read", Created: "never", Expires: "never", LastUsed: "never"}}}))
	want("account", els, "strong", "", hostile)
	want("account", els, "p", "", hostile)     // the new token
	want("account", els, "p", "", hostile+"!") // the notice
	want("account", els, "td", "", grant.Name) // the connection
	want("account", els, "td", "", token)
	want("account", els, "input", "value", hostile)
	want("account", els, "input", "value", hostileAttr)
	want("account", els, "button", "aria-label", "Revoke "+grant.Name)
	want("account", els, "button", "aria-label", "Revoke token "+token)
}
