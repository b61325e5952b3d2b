package fakeicutest

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Form is the first form of an HTML page, as a browser would submit it.
type Form struct {
	Action  string              // absolute: the action resolved against the page's URL
	Method  string              // upper case; GET when the form names none
	Hidden  url.Values          // hidden inputs
	Radios  map[string][]Radio  // radio inputs by name, in page order
	Buttons map[string][]string // the values of the named submit buttons, by name
}

// Radio is one radio input.
type Radio struct {
	Value   string
	Checked bool
}

// ReadForm reads the first form of the page at pageURL.
func ReadForm(pageURL *url.URL, page io.Reader) (*Form, error) {
	doc, err := html.Parse(page)
	if err != nil {
		return nil, fmt.Errorf("parse the page: %w", err)
	}
	var form *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "form" {
			form = n
			break
		}
	}
	if form == nil {
		return nil, fmt.Errorf("the page at %s has no form", pageURL.Redacted())
	}
	action, err := pageURL.Parse(attr(form, "action"))
	if err != nil {
		return nil, fmt.Errorf("form action %q: %w", attr(form, "action"), err)
	}
	f := &Form{Action: action.String(), Method: strings.ToUpper(attr(form, "method")), Hidden: url.Values{},
		Radios: map[string][]Radio{}, Buttons: map[string][]string{}}
	if f.Method == "" {
		f.Method = http.MethodGet
	}
	for n := range form.Descendants() {
		if n.Type != html.ElementNode || attr(n, "name") == "" {
			continue
		}
		name, typ := attr(n, "name"), strings.ToLower(attr(n, "type"))
		switch {
		case n.Data == "input" && typ == "hidden":
			f.Hidden.Add(name, attr(n, "value"))
		case n.Data == "input" && typ == "radio":
			_, checked := attrOK(n, "checked")
			f.Radios[name] = append(f.Radios[name], Radio{Value: attr(n, "value"), Checked: checked})
		case n.Data == "button" && (typ == "" || typ == "submit"), n.Data == "input" && typ == "submit":
			f.Buttons[name] = append(f.Buttons[name], attr(n, "value"))
		}
	}
	return f, nil
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// SignIn plays the athlete on the fake's approve page, as a browser would: it opens
// authorizeURL (the fake's /oauth/authorize?client_id&redirect_uri&scope&state), reads its
// form, chooses athleteID ("" keeps the athlete checked, the primary one), submits decision
// ("allow" or "deny") and returns the URL the fake redirects to: redirect_uri with code (or
// error=access_denied) and state. client carries the fake (nil: http.DefaultClient); it is
// not changed, and redirects are not followed.
func SignIn(t testing.TB, client *http.Client, authorizeURL, athleteID, decision string) *url.URL {
	t.Helper()
	c := http.Client{}
	if client != nil {
		c = *client
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Get(authorizeURL)
	if err != nil {
		t.Fatalf("open the approve page: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("approve page = %d, want 200:\n%s", resp.StatusCode, b)
	}
	form, err := ReadForm(resp.Request.URL, resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	values := url.Values{}
	for k, v := range form.Hidden {
		values[k] = v
	}
	radios := form.Radios["athlete"]
	i := slices.IndexFunc(radios, func(r Radio) bool { return r.Value == athleteID || (athleteID == "" && r.Checked) })
	if i < 0 {
		t.Fatalf("approve page offers no athlete %q (radios %v)", athleteID, radios)
	}
	values.Set("athlete", radios[i].Value)
	if !slices.Contains(form.Buttons["decision"], decision) {
		t.Fatalf("approve page has no decision button %q (buttons %v)", decision, form.Buttons["decision"])
	}
	values.Set("decision", decision)
	if form.Method != http.MethodPost {
		t.Fatalf("approve form method %s, want POST", form.Method)
	}
	post, err := c.PostForm(form.Action, values)
	if err != nil {
		t.Fatalf("submit the approve page: %v", err)
	}
	defer post.Body.Close()
	loc, err := post.Location()
	if post.StatusCode != http.StatusFound || err != nil {
		b, _ := io.ReadAll(post.Body)
		t.Fatalf("approve page answered %d (%v), want a 302 redirect:\n%s", post.StatusCode, err, b)
	}
	return loc
}
