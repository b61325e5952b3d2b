package auth

import (
	g "maragu.dev/gomponents"
	h "maragu.dev/gomponents/html"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
)

// The pages' markup, as gomponents nodes rather than templates: html/template's Execute
// reaches reflect's MethodByName, and a binary in which any function does that keeps every
// exported method of every type converted to an interface. gomponents escapes by
// construction: g.Text and every attribute value are HTML-escaped, so each value we did
// not write ourselves (a client's name, a host, an athlete's or a token's name, a
// notice, a CSRF token, an id) goes through g.Text or an attribute; g.Raw holds only the
// fixed style sheet. The nodes are built for each page served: a process that serves none
// (a stdio server) pays nothing for them.

// consentView is what the consent page shows.
type consentView struct {
	title        string
	client       clientLabel
	redirectHost string // where the code goes
	loopback     bool   // redirectHost is a program on the user's computer
	handle       string // the form's handle: its CSRF token
	write        bool   // the client asked for write access: that choice comes checked
	endpoint     string // the MCP endpoint the client connects to (the resource)
	gets         string // what a connection there gets (Options.Connection); "" if unsaid
}

// accountView is what the account page shows a signed-in athlete.
type accountView struct {
	athlete        string
	grants, tokens []accountRow
	csrf           string // the CSRF token of the page's forms
	created        string // a personal token just created: shown this once
	notice         string
}

// pageStyle is the pages' only style sheet, inline: the Content-Security-Policy
// (pageHeaders) allows no external asset and no script.
const pageStyle = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #f6f7f9; --card: #fff; --line: #d0d5dd; --accent: #0b5cad; --warn: #a4260b; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --bg: #111418; --card: #1b1f24; --line: #3a414b; --accent: #6cb0ff; --warn: #ff8f73; } }
body { font: 16px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
main { max-width: 40rem; margin: 2rem auto; padding: 1.5rem; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
legend { font-weight: 600; padding: 0 .25rem; }
label { display: block; margin: .35rem 0; }
button { font: inherit; padding: .5rem 1.1rem; border-radius: 6px; border: 1px solid var(--line); background: var(--card); color: var(--fg); cursor: pointer; margin-right: .5rem; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.host { font-family: ui-monospace, monospace; }
.warn { color: var(--warn); }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .95rem; }
th, td { text-align: left; padding: .35rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.secret { font-family: ui-monospace, monospace; word-break: break-all; padding: .5rem; border: 1px dashed var(--accent); }
input[type=text], select { font: inherit; padding: .3rem; }
`

// document is a whole page: title (" · intervals-mcp" appended) and content, one element a
// line, in the page's card.
func document(title string, content ...g.Node) g.Node {
	return h.Doctype(g.Group{nl(), h.HTML(h.Lang("en"), nl(),
		lines(
			h.Head(nl(), lines(
				h.Meta(h.Charset("utf-8")),
				h.Meta(h.Name("viewport"), h.Content("width=device-width, initial-scale=1")),
				h.Meta(h.Name("referrer"), h.Content("no-referrer")),
				h.TitleEl(g.Text(title+" · intervals-mcp")),
				h.StyleEl(g.Raw(pageStyle)),
			)),
			h.Body(nl(), lines(h.Main(nl(), lines(content...)))),
		)), nl()})
}

// nl is a line break between elements.
func nl() g.Node { return g.Text("\n") }

// lines are nodes one a line, as the markup would be written by hand: the breaks keep the
// pages readable, and between two buttons a break is the space the browser shows between
// them. A nil node (g.If's false) takes no line. Only elements and text: an attribute's
// node goes in its element before them.
func lines(nodes ...g.Node) g.Group {
	out := make(g.Group, 0, 2*len(nodes))
	for _, n := range nodes {
		if n != nil {
			out = append(out, n, nl())
		}
	}
	return out
}

// hidden is a form's hidden field.
func hidden(name, value string) g.Node {
	return h.Input(h.Type("hidden"), h.Name(name), h.Value(value))
}

// radio is a labelled radio button of a form's field name.
func radio(name, value string, checked bool, label string) g.Node {
	return h.Label(h.Input(h.Type("radio"), h.Name(name), h.Value(value), g.If(checked, h.Checked())), g.Text(" "+label))
}

// button is a submit button: attrs are its name, value, class or label.
func button(text string, attrs ...g.Node) g.Node {
	return h.Button(h.Type("submit"), g.Group(attrs), g.Text(text))
}

// errorDoc is the page of what went wrong (title) and what to do (msg).
func errorDoc(title, msg string) g.Node {
	return document(title,
		h.H1(g.Text(title)),
		h.P(h.Role("alert"), g.Text(msg)),
	)
}

// consentDoc is the consent page: who asks (what we know of the client apart from what it
// claims), where the code goes, and the choice of read or write.
func consentDoc(v consentView) g.Node {
	c := v.client
	var who g.Group
	if c.Host != "" {
		who = lines(
			h.H1(g.Text("Connect "), h.Span(h.Class("host"), g.Text(c.Host)), g.Text(" to your Intervals.icu data?")),
			h.P(g.Text("The application at "), h.Strong(h.Class("host"), g.Text(c.Host)), g.Text(" asks to use intervals-mcp on your behalf"),
				g.If(c.Claimed != "", g.Text("; it calls itself “"+c.Claimed+"”")),
				g.Text(". Its address is verified: intervals-mcp read the application's description there.")),
		)
	} else {
		claim := "An application without a name"
		if c.Claimed != "" {
			claim = "An application that calls itself “" + c.Claimed + "”"
		}
		who = lines(
			h.H1(g.Text("Connect an unverified application to your Intervals.icu data?")),
			h.P(g.Text(claim+" asks to use intervals-mcp on your behalf. "), h.Strong(h.Class("warn"), g.Text("Its name is unverified")),
				g.Text(": it registered here itself, and any application can register under any name.")),
		)
	}
	back := h.Span(h.Class("host"), g.Text(v.redirectHost))
	if v.loopback {
		back = g.Group{g.Text("a program on this computer ("), back, g.Text(")")}
	}
	return document(v.title,
		who,
		h.P(g.Text("After you sign in with Intervals.icu, it will be sent back to "), back, g.Text(".")),
		g.If(v.gets != "", h.P(g.Text("It connects to "), h.Span(h.Class("host"), g.Text(v.endpoint)), g.Text(", which offers "), h.Strong(g.Text(v.gets)), g.Text("."))),
		h.P(g.Text("Only continue if you started this from that application.")),
		h.Form(h.Method("post"), h.Action("/consent"), nl(), lines(
			hidden("handle", v.handle),
			h.FieldSet(nl(), lines(
				h.Legend(g.Text("What may it do?")),
				radio("scope", caller.ScopeRead, !v.write, "Read my training data (activities, wellness, calendar, workouts, settings)"),
				radio("scope", caller.ScopeWrite, v.write, "Read and change it (plan sessions, edit the calendar, wellness and workouts)"),
			)),
			button("Continue to Intervals.icu", h.Name("decision"), h.Value("allow"), h.Class("primary")),
			button("Deny", h.Name("decision"), h.Value("deny")),
		)),
	)
}

// signInDoc is the account page of a browser not signed in, with a notice if there is one.
func signInDoc(notice string) g.Node {
	return document("Sign in",
		h.H1(g.Text("Your intervals-mcp account")),
		g.If(notice != "", h.P(h.Role("status"), g.Text(notice))),
		h.P(g.Text("See the applications connected to your Intervals.icu data, revoke them, and create personal tokens for clients that take a bearer token (Claude Code, Cursor, VS Code, scripts).")),
		h.Form(h.Method("post"), h.Action("/account/signin"), nl(), lines(
			button("Sign in with Intervals.icu", h.Class("primary")),
		)),
	)
}

// accountDoc is the account page of a signed-in athlete: the connected applications and the
// personal tokens, each with its revoke button, and the forms to create a token and to sign
// out.
func accountDoc(v accountView) g.Node {
	return document("Account",
		h.H1(g.Text("Your intervals-mcp account")),
		h.P(g.Text("Signed in as "), h.Strong(g.Text(v.athlete)), g.Text(".")),
		h.P(g.Text("When you revoke your last application and your last personal token, intervals-mcp deletes your Intervals.icu token and disconnects itself from your Intervals.icu account: nothing of yours is kept.")),
		g.If(v.created != "", h.Section(h.Aria("labelledby", "new-token"), nl(), lines(
			h.H2(h.ID("new-token"), g.Text("Your new personal token")),
			h.P(h.Role("status"), g.Text("Copy it now: it is shown only this once.")),
			h.P(h.Class("secret"), h.Aria("label", "The new personal token"), g.Text(v.created)),
		))),
		g.If(v.notice != "", h.P(h.Role("status"), g.Text(v.notice))),
		h.Section(h.Aria("labelledby", "clients"), nl(), lines(
			h.H2(h.ID("clients"), g.Text("Connected applications")),
			rowsTable(v.grants, v.csrf, "/account/clients/revoke", "Revoke ", "No application is connected.",
				[]string{"Application", "Access", "Connected", "Last used"},
				func(r accountRow) []string { return []string{r.Name, r.Access, r.Created, r.LastUsed} }),
		)),
		h.Section(h.Aria("labelledby", "tokens"), nl(), lines(
			h.H2(h.ID("tokens"), g.Text("Personal tokens")),
			rowsTable(v.tokens, v.csrf, "/account/tokens/revoke", "Revoke token ", "No personal token.",
				[]string{"Name", "Access", "Created", "Expires", "Last used"},
				func(r accountRow) []string { return []string{r.Name, r.Access, r.Created, r.Expires, r.LastUsed} }),
			h.Form(h.Method("post"), h.Action("/account/tokens"), nl(), lines(
				hidden("csrf", v.csrf),
				h.FieldSet(nl(), lines(
					h.Legend(g.Text("Create a personal token")),
					h.Label(h.For("token-name"), g.Text("Name")),
					h.Input(h.Type("text"), h.ID("token-name"), h.Name("name"), h.MaxLength("60"), h.Required(), h.Placeholder("laptop")),
					h.FieldSet(nl(), lines(
						h.Legend(g.Text("Access")),
						radio("scope", "read", true, "Read"),
						radio("scope", "write", false, "Read and change"),
					)),
					h.Label(h.For("token-expires"), g.Text("Expires")),
					h.Select(h.ID("token-expires"), h.Name("expires"), nl(), lines(
						h.Option(h.Value("30d"), g.Text("in 30 days")),
						h.Option(h.Value("90d"), h.Selected(), g.Text("in 90 days")),
						h.Option(h.Value("365d"), g.Text("in 365 days")),
						h.Option(h.Value("never"), g.Text("never")),
					)),
					h.P(button("Create token", h.Class("primary"))),
				)),
			)),
		)),
		h.Form(h.Method("post"), h.Action("/account/signout"), nl(), lines(
			hidden("csrf", v.csrf),
			button("Sign out"),
		)),
	)
}

// rowsTable is the table of rows (headed by heads, then Revoke; a row's cells are those of
// cells), each row with its revoke form posting to action with the page's csrf and the row's
// id, its button labelled revoke and the row's name; empty says there is none.
func rowsTable(rows []accountRow, csrf, action, revoke, empty string, heads []string, cells func(accountRow) []string) g.Node {
	if len(rows) == 0 {
		return h.P(g.Text(empty))
	}
	return h.Table(nl(), lines(
		h.THead(h.Tr(
			g.Map(append(heads, "Revoke"), func(s string) g.Node { return h.Th(h.Scope("col"), g.Text(s)) }),
		)),
		h.TBody(nl(), g.Map(rows, func(r accountRow) g.Node {
			return h.Tr(nl(),
				g.Map(cells(r), func(s string) g.Node { return h.Td(g.Text(s)) }), nl(),
				h.Td(h.Form(h.Method("post"), h.Action(action),
					hidden("csrf", csrf),
					hidden("id", r.ID),
					h.Button(h.Type("submit"), h.Aria("label", revoke+r.Name), g.Text("Revoke")),
				)), nl(),
			)
		}), nl()),
	))
}
