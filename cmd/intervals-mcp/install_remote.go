package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/install"
)

// installRemote writes an entry that connects to the MCP server at rawURL, with the bearer
// token of --token, of INTERVALS_MCP_TOKEN or typed at the prompt (none: the client signs in
// with OAuth itself). Claude Desktop's file takes no remote server: its connectors note is
// printed. The token is never printed: the dry run shows it redacted.
func installRemote(run *install.Run, rawURL string, set map[string]bool, flagToken string, stdin io.Reader, stderr io.Writer) error {
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
	u, err := install.CheckRemoteURL(rawURL)
	if err != nil {
		return usageError{err}
	}
	if run.NoRemote(u) {
		return nil
	}
	if err := run.Named(false); err != nil {
		return usageError{err}
	}
	tok, err := remoteToken(set["token"], flagToken, u, stdin, stderr)
	if err != nil {
		return usageError{err}
	}
	return installed(run.WriteRemote(u, tok))
}

// remoteToken is the bearer token of the entry (install.BearerToken): --token (with a
// warning: it stays in the shell's history), else INTERVALS_MCP_TOKEN, else typed at the
// prompt without echo (or, from a pipe, its first line). "" means none.
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
	return install.BearerToken(tok)
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
