package fakeicu

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	g "maragu.dev/gomponents"
	h "maragu.dev/gomponents/html"
)

// signInRequest is a sign-in request: the query of GET /oauth/authorize, and the hidden
// fields its form posts back.
type signInRequest struct {
	ClientID, RedirectURI, Scope, State, ResponseType string

	scopes   scopes
	redirect *url.URL
}

// readSignIn checks a sign-in request as Intervals.icu does; problem says what is
// wrong with it, "" when nothing is.
func (f *Fake) readSignIn(v url.Values) (req signInRequest, problem string) {
	req = signInRequest{
		ClientID: v.Get("client_id"), RedirectURI: v.Get("redirect_uri"), Scope: v.Get("scope"),
		State: v.Get("state"), ResponseType: v.Get("response_type"),
	}
	switch {
	case req.ClientID == "":
		return req, "client_id is missing: send the client id of your OAuth app."
	case req.ClientID != f.opts.OAuthClientID:
		return req, fmt.Sprintf("unknown client_id %q: no OAuth app has this id.", req.ClientID)
	case req.ResponseType != "" && req.ResponseType != "code":
		return req, fmt.Sprintf("response_type %q is not supported: use code.", req.ResponseType)
	case req.RedirectURI == "":
		return req, "redirect_uri is missing: send where to return after the sign-in."
	}
	u, err := url.Parse(req.RedirectURI)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" {
		return req, fmt.Sprintf("redirect_uri %q is not an absolute URL without a fragment.", req.RedirectURI)
	}
	req.redirect = u
	if req.scopes, err = parseScopes(req.Scope); err != nil {
		return req, err.Error() + "."
	}
	return req, ""
}

// areaLabels name the scope areas on the approve page.
var areaLabels = map[string]string{
	"ACTIVITY": "Activities", "WELLNESS": "Wellness data", "CALENDAR": "Calendar",
	"CHATS": "Chats", "LIBRARY": "Workout library", "SETTINGS": "Settings",
}

// approveView is what the approve page shows.
type approveView struct {
	App      string
	Req      signInRequest
	Scopes   []scopeLine
	Athletes []athleteChoice
	Problem  string
}

type scopeLine struct{ Label, Access string }

type athleteChoice struct {
	ID, Name string
	Checked  bool
}

// approveStyle is the approve page's style sheet, inline: its Content-Security-Policy
// (renderApprove) allows no external asset and no script.
const approveStyle = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
main { max-width: 32rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
fieldset { border: 1px solid #ccd; border-radius: 6px; margin: 1rem 0; }
label { display: block; padding: .3rem 0; }
button { font: inherit; padding: .5rem 1.2rem; margin-right: .5rem; border-radius: 6px; border: 1px solid #345; }
button[value=allow] { background: #1d5fd1; color: #fff; }
.note { color: #556; font-size: .85rem; }
`

// approveDoc is the approve page of v, built for each page served as gomponents nodes, not
// from a template: html/template's Execute reaches reflect's MethodByName, which keeps every
// exported method of the binary's types (the fake is in the release binary, for --demo).
// g.Text and attribute values are HTML-escaped, so each value of the request (app, redirect,
// state, a problem quoting them) goes through them; g.Raw holds only the fixed style sheet.
func approveDoc(v approveView) g.Node {
	title := "Authorize " + v.App
	var content g.Group
	if v.Problem != "" {
		title = "Sign-in request refused"
		content = lines(
			h.H1(g.Text("This sign-in request is not valid")),
			h.P(h.Role("alert"), g.Text(v.Problem)),
		)
	} else {
		radio := func(a athleteChoice) g.Node {
			return h.Label(h.Input(h.Type("radio"), h.Name("athlete"), h.Value(a.ID), g.If(a.Checked, h.Checked())),
				g.Text(" "+a.Name+" ("+a.ID+")"))
		}
		hidden := func(name, value string) g.Node { return h.Input(h.Type("hidden"), h.Name(name), h.Value(value)) }
		content = lines(
			h.H1(g.Text("Authorize "+v.App)),
			h.P(g.Text(v.App+" asks for access to your Intervals.icu data:")),
			h.Ul(nl(), lines(g.Map(v.Scopes, func(l scopeLine) g.Node { return h.Li(g.Text(l.Label + ": " + l.Access)) })...)),
			h.Form(h.Method("post"), nl(), lines(
				hidden("client_id", v.Req.ClientID),
				hidden("redirect_uri", v.Req.RedirectURI),
				hidden("scope", v.Req.Scope),
				hidden("state", v.Req.State),
				hidden("response_type", v.Req.ResponseType),
				h.FieldSet(nl(), lines(h.Legend(g.Text("Sign in as"))), lines(g.Map(v.Athletes, radio)...)),
				h.Button(h.Type("submit"), h.Name("decision"), h.Value("allow"), g.Text("Approve")),
				h.Button(h.Type("submit"), h.Name("decision"), h.Value("deny"), g.Text("Deny")),
			)),
		)
	}
	return h.Doctype(g.Group{nl(), h.HTML(h.Lang("en"), nl(), lines(
		h.Head(nl(), lines(
			h.Meta(h.Charset("utf-8")),
			h.Meta(h.Name("viewport"), h.Content("width=device-width, initial-scale=1")),
			h.TitleEl(g.Text(title+" · Intervals.icu (fake)")),
			h.StyleEl(g.Raw(approveStyle)),
		)),
		h.Body(nl(), lines(h.Main(nl(), content,
			h.P(h.Class("note"), g.Text("The fake Intervals.icu of intervals-mcp: demo athletes, no real account.")), nl(),
		))),
	)), nl()})
}

// nl is a line break between elements.
func nl() g.Node { return g.Text("\n") }

// lines are nodes one a line, as the markup would be written by hand: the breaks keep the
// page readable, and between the two buttons a break is the space the browser shows
// between them. Only elements and text: an attribute's node goes in its element before them.
func lines(nodes ...g.Node) g.Group {
	out := make(g.Group, 0, 2*len(nodes))
	for _, n := range nodes {
		out = append(out, n, nl())
	}
	return out
}

// approvePage serves /oauth/authorize: GET shows the approve page for a valid request (a
// 400 page saying what is wrong otherwise); the form posts back to the same URL, and
// allow redirects to redirect_uri with code and state, deny with error=access_denied.
func (f *Fake) approvePage(w http.ResponseWriter, r *http.Request) {
	var form url.Values
	switch r.Method {
	case http.MethodGet:
		form = r.URL.Query()
	case http.MethodPost:
		r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
		if err := r.ParseForm(); err != nil {
			f.renderApprove(w, http.StatusBadRequest, approveView{Problem: "the form could not be read: " + err.Error()})
			return
		}
		form = r.PostForm
	default:
		w.Header().Set("Allow", "GET, POST")
		f.renderApprove(w, http.StatusMethodNotAllowed, approveView{Problem: r.Method + " is not allowed here: open the page with GET."})
		return
	}
	req, problem := f.readSignIn(form)
	if problem != "" {
		f.renderApprove(w, http.StatusBadRequest, approveView{Problem: problem})
		return
	}
	athletes := f.athleteChoices()
	if r.Method == http.MethodGet {
		f.renderApprove(w, http.StatusOK, approveView{App: oauthAppName, Req: req, Scopes: scopeLines(req.scopes), Athletes: athletes})
		return
	}
	q := req.redirect.Query()
	switch form.Get("decision") {
	case "allow":
		id := form.Get("athlete")
		if !slices.ContainsFunc(athletes, func(a athleteChoice) bool { return a.ID == id }) {
			f.renderApprove(w, http.StatusBadRequest, approveView{Problem: fmt.Sprintf("athlete %q is not one of the demo athletes: choose one on the page.", id)})
			return
		}
		q.Set("code", f.oauth.approve(grantKey{clientID: req.ClientID, athleteID: id}, req.scopes, f.opts.Now()))
	case "deny":
		q.Set("error", "access_denied")
	default:
		f.renderApprove(w, http.StatusBadRequest, approveView{Problem: "decision must be allow or deny."})
		return
	}
	if req.State != "" {
		q.Set("state", req.State)
	}
	back := *req.redirect
	back.RawQuery = q.Encode()
	w.Header().Set("Location", back.String())
	w.WriteHeader(http.StatusFound)
}

// renderApprove writes the page, with headers that keep it out of frames and caches.
func (f *Fake) renderApprove(w http.ResponseWriter, status int, v approveView) {
	var buf bytes.Buffer
	if err := approveDoc(v).Render(&buf); err != nil {
		panic(fmt.Sprintf("fakeicu: approve page: %v", err)) // a bytes.Buffer does not fail
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Length", strconv.Itoa(buf.Len()))
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Frame-Options", "DENY")
	hdr.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// athleteChoices are the athletes one can sign in as: every athlete of the world, the
// primary one first and chosen.
func (f *Fake) athleteChoices() []athleteChoice {
	st := f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := make([]athleteChoice, len(st.w.Athletes))
	for i, a := range st.w.Athletes {
		out[i] = athleteChoice{ID: deref(a.Profile.Id), Name: deref(a.Profile.Name), Checked: i == 0}
	}
	return out
}

// scopeLines describe a grant for the page, in scopeAreas order.
func scopeLines(s scopes) []scopeLine {
	var out []scopeLine
	for _, area := range scopeAreas {
		if write, ok := s[area]; ok {
			out = append(out, scopeLine{Label: areaLabels[area], Access: map[bool]string{false: "read", true: "read and write"}[write]})
		}
	}
	return out
}
