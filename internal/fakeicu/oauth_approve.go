package fakeicu

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
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

// approveTemplate is parsed on the first approve page, not at start (the fake runs in every
// --demo process and every test).
var approveTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("approve").Parse(approvePage))
})

const approvePage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .Problem}}Sign-in request refused{{else}}Authorize {{.App}}{{end}} · Intervals.icu (fake)</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
main { max-width: 32rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
fieldset { border: 1px solid #ccd; border-radius: 6px; margin: 1rem 0; }
label { display: block; padding: .3rem 0; }
button { font: inherit; padding: .5rem 1.2rem; margin-right: .5rem; border-radius: 6px; border: 1px solid #345; }
button[value=allow] { background: #1d5fd1; color: #fff; }
.note { color: #556; font-size: .85rem; }
</style>
</head>
<body>
<main>
{{if .Problem -}}
<h1>This sign-in request is not valid</h1>
<p role="alert">{{.Problem}}</p>
{{- else -}}
<h1>Authorize {{.App}}</h1>
<p>{{.App}} asks for access to your Intervals.icu data:</p>
<ul>
{{range .Scopes}}<li>{{.Label}}: {{.Access}}</li>
{{end}}</ul>
<form method="post">
<input type="hidden" name="client_id" value="{{.Req.ClientID}}">
<input type="hidden" name="redirect_uri" value="{{.Req.RedirectURI}}">
<input type="hidden" name="scope" value="{{.Req.Scope}}">
<input type="hidden" name="state" value="{{.Req.State}}">
<input type="hidden" name="response_type" value="{{.Req.ResponseType}}">
<fieldset>
<legend>Sign in as</legend>
{{range .Athletes}}<label><input type="radio" name="athlete" value="{{.ID}}"{{if .Checked}} checked{{end}}> {{.Name}} ({{.ID}})</label>
{{end}}</fieldset>
<button type="submit" name="decision" value="allow">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
{{- end}}
<p class="note">The fake Intervals.icu of intervals-mcp: demo athletes, no real account.</p>
</main>
</body>
</html>
`

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
	if err := approveTemplate().Execute(&buf, v); err != nil {
		panic(fmt.Sprintf("fakeicu: approve page: %v", err)) // a bug of the template
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	h.Set("Cache-Control", "no-store")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
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
