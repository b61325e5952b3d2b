package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/install"
)

// remote writes an entry that connects to the MCP server at rawURL, with the bearer token
// of --token, of INTERVALS_MCP_TOKEN or typed at the prompt (none: the client signs in with
// OAuth itself). Claude Desktop's file takes no remote server: its connectors note is printed.
// The token is never printed: the dry run shows it redacted.
func (r installRun) remote(rawURL string, set map[string]bool, flagToken string, stdin io.Reader, stderr io.Writer) error {
	var local []string
	for name := range set {
		if !installFlags[name] {
			local = append(local, "--"+name)
		}
	}
	if len(local) > 0 {
		slices.Sort(local)
		return usageError{fmt.Errorf("%s configure the server this binary runs; with --url the remote server's own settings apply (a personal token created read-only gives read tools only): drop them", strings.Join(local, ", "))}
	}
	u, err := checkRemoteURL(rawURL)
	if err != nil {
		return usageError{err}
	}
	if r.client.URLKey == "" {
		fmt.Fprintln(r.stdout, r.client.ConnectorNote(u))
		fmt.Fprintf(r.stdout, "Nothing was written: %s's file takes local servers only.\n", r.client.Name)
		return nil
	}
	if r.name == "" {
		r.name = r.client.EntryName
	}
	if err := r.client.CheckName(r.name); err != nil {
		return usageError{err}
	}
	tok, err := remoteToken(set["token"], flagToken, u, stdin, stderr)
	if err != nil {
		return usageError{err}
	}
	srv := install.Server{URL: u}
	note := fmt.Sprintf("It connects to %s with no token: %s signs in when it connects (OAuth: a server run with --public-url).", u, r.client.Name)
	if tok != "" {
		srv.Headers = map[string]string{"Authorization": "Bearer " + tok}
		note = fmt.Sprintf("It connects to %s with your bearer token, which only you can read in that file.", u)
	}
	return r.write(srv, []string{tok}, note)
}

// checkRemoteURL accepts an MCP endpoint over https, or over http on this machine only
// (a token sent over plain http to another host can be read on the way).
func checkRemoteURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http" {
		return "", fmt.Errorf("--url %q: give the server's MCP address, such as https://mcp.example.com/mcp", raw)
	}
	if u.User != nil {
		return "", fmt.Errorf("--url %s holds a user name or password: drop it; the token goes in %s or at the prompt", u.Redacted(), tokenEnv)
	}
	if u.Scheme == "http" && !loopbackHost(u.Hostname()) {
		return "", fmt.Errorf("--url %s: use https (http would send the token in the clear; it is accepted for localhost and 127.0.0.1 only)", raw)
	}
	switch p := strings.TrimSuffix(u.Path, "/"); {
	case p == "":
		return "", fmt.Errorf("--url %s has no path: the MCP endpoint is /mcp (%s://%s/mcp)", raw, u.Scheme, u.Host)
	case strings.HasSuffix(p, "/sse"):
		return "", fmt.Errorf("--url %s is legacy SSE, for clients that cannot use /mcp: give the Streamable HTTP endpoint, %s://%s/mcp", raw, u.Scheme, u.Host)
	}
	return u.String(), nil
}

// loopbackHost reports whether host names this machine.
func loopbackHost(host string) bool {
	ip := net.ParseIP(host)
	return strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback()
}

// remoteToken is the bearer token of the entry: --token (with a warning: it stays in the
// shell's history), else INTERVALS_MCP_TOKEN, else typed at the prompt without echo (or,
// from a pipe, its first line). "" means none.
func remoteToken(flagSet bool, flagToken, u string, stdin io.Reader, stderr io.Writer) (string, error) {
	var tok string
	switch {
	case flagSet:
		if flagToken != "" {
			fmt.Fprintf(stderr, "warning: a token given with --token stays in your shell's history; put it in %s, or leave both out to be asked for it\n", tokenEnv)
		}
		tok = flagToken
	case os.Getenv(tokenEnv) != "":
		tok = os.Getenv(tokenEnv)
	default:
		account := u
		if p, err := url.Parse(u); err == nil {
			account = p.Scheme + "://" + p.Host + "/account"
		}
		var err error
		if tok, err = readToken(stdin, stderr, fmt.Sprintf("Bearer token for %s (a personal token, imcp_pat_..., from %s; Enter for none: the client signs in itself): ", u, account)); err != nil {
			return "", err
		}
	}
	tok = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(tok), "Bearer "))
	for _, c := range tok {
		if c <= ' ' || c == 0x7f {
			return "", errors.New("the token has a space or a control character: give the token alone (imcp_pat_...)")
		}
	}
	return tok, nil
}

// readToken reads one line from stdin: from a terminal after prompt, with its echo off,
// so that the token is never shown; from a pipe, silently.
func readToken(stdin io.Reader, stderr io.Writer, prompt string) (string, error) {
	if f, ok := stdin.(*os.File); ok {
		if restore, ok := echoOff(f.Fd()); ok {
			defer restore()
			fmt.Fprint(stderr, prompt)
			defer fmt.Fprintln(stderr) // the Enter typed was not echoed
			return readLine(f)
		}
	}
	return readLine(stdin)
}

func readLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the token: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}
