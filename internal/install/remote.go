package install

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// TokenEnv holds the bearer token of a remote entry, so that it stays out of the shell's
// history (--token) and of the terminal (the prompt does not echo).
const TokenEnv = "INTERVALS_MCP_TOKEN"

// CheckRemoteURL accepts the MCP endpoint of a remote server over https, or over http on
// this machine only (a token sent over plain http to another host can be read on the way),
// and returns it as an entry holds it. The legacy SSE endpoint and a bare host are refused
// with the /mcp address to give instead.
func CheckRemoteURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	shown := RedactURL(raw)
	if err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http" {
		return "", fmt.Errorf("--url %q: give the server's MCP address, such as https://mcp.example.com/mcp", shown)
	}
	if u.User != nil {
		return "", fmt.Errorf("--url %s holds a user name or password: drop it; the token goes in %s or at the prompt", shown, TokenEnv)
	}
	for name := range u.Query() {
		if secretParam(name) {
			return "", fmt.Errorf("--url %s carries a token in its query (%s): drop it; the token goes in %s or at the prompt, and is sent in the Authorization header", shown, name, TokenEnv)
		}
	}
	if u.Scheme == "http" && !loopbackHost(u.Hostname()) {
		return "", fmt.Errorf("--url %s: use https (http would send the token in the clear; it is accepted for localhost and 127.0.0.1 only)", shown)
	}
	switch p := strings.TrimSuffix(u.Path, "/"); {
	case p == "":
		return "", fmt.Errorf("--url %s has no path: the MCP endpoint is /mcp (%s://%s/mcp)", shown, u.Scheme, u.Host)
	case strings.HasSuffix(p, "/sse"):
		return "", fmt.Errorf("--url %s is legacy SSE, for clients that cannot use /mcp: give the Streamable HTTP endpoint, %s://%s/mcp", shown, u.Scheme, u.Host)
	}
	return u.String(), nil
}

// RedactURL is raw as it may be printed: a password, and the value of every query parameter
// whose name says it holds a credential (access_token, token, key, secret, password, code,
// sig ...), replaced by [redacted]. What cannot be parsed loses its whole query.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		if i := strings.IndexAny(raw, "?#"); i >= 0 {
			return raw[:i] + "?[redacted]"
		}
		return raw
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "[redacted]")
		}
	}
	if u.RawQuery != "" {
		var parts []string
		for _, kv := range strings.Split(u.RawQuery, "&") {
			name, _, _ := strings.Cut(kv, "=")
			if dec, err := url.QueryUnescape(name); err == nil && secretParam(dec) {
				kv = name + "=[redacted]"
			}
			parts = append(parts, kv)
		}
		u.RawQuery = strings.Join(parts, "&")
	}
	return strings.ReplaceAll(u.String(), "%5Bredacted%5D", "[redacted]")
}

// secretParam says whether a query parameter's name says it holds a credential.
func secretParam(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"token", "key", "secret", "password", "passwd", "auth", "code", "sig", "credential", "session"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// loopbackHost reports whether host names this machine.
func loopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// BearerToken is the token given for a remote entry as its header carries it: without the
// spaces around it or a "Bearer " before it. A token with a space or a control character
// inside is refused (never echoed); "" means none.
func BearerToken(given string) (string, error) {
	tok := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(given), "Bearer "))
	for _, c := range tok {
		if c <= ' ' || c == 0x7f {
			return "", errors.New("the token has a space or a control character: give the token alone (imcp_pat_...)")
		}
	}
	return tok, nil
}

// NoRemote reports whether the client's file takes no remote server (Claude Desktop's):
// then the report says where the app adds url instead, and that nothing was written.
func (r *Run) NoRemote(url string) bool {
	if r.Client.URLKey != "" {
		return false
	}
	fmt.Fprintln(r.Out, r.Client.ConnectorNote(url))
	fmt.Fprintf(r.Out, "Nothing was written: %s's file takes local servers only.\n", r.Client.Name)
	return true
}

// WriteRemote writes an entry that connects to the MCP server at url with the bearer token
// (BearerToken; "" for none: the client then signs in with OAuth itself), and reports it,
// the token hidden.
func (r *Run) WriteRemote(url, token string) error {
	srv := Server{URL: url}
	note := fmt.Sprintf("It connects to %s with no token: %s signs in when it connects (OAuth: a server run with --public-url).", url, r.Client.Name)
	if token != "" {
		srv.Headers = map[string]string{"Authorization": "Bearer " + token}
		note = fmt.Sprintf("It connects to %s with your bearer token, which only you can read in that file.", url)
	}
	return r.Write(srv, []string{token}, note)
}
