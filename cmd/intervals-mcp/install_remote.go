package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/install"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// remoteEntry is what install --url was given: the endpoint, the flags set, the token of
// --token, whether to try the entry first (not --no-check), and the flags (--toolsets and
// --read-only choose the endpoint's path).
type remoteEntry struct {
	url   string
	set   map[string]bool
	token string
	check bool
	fs    *flag.FlagSet
}

// installRemote writes an entry that connects to the MCP server at e.url (with the toolsets
// of --toolsets and --read-only: remotePath), with the bearer token of --token, of
// INTERVALS_MCP_TOKEN or typed at the prompt (none: the client signs in with OAuth itself).
// Before writing, it sends the server one request with that token, as the client will, says
// what the server answered, and writes nothing if it refused. Claude Desktop's file takes no
// remote server: its connectors note is printed. The token is never printed: the dry run
// shows it redacted.
func installRemote(run *install.Run, e remoteEntry, stdin io.Reader, stderr io.Writer) error {
	var local []string
	for name := range e.set {
		if !installFlags[name] && name != "toolsets" && name != "read-only" {
			local = append(local, "--"+name)
		}
	}
	if len(local) > 0 {
		slices.Sort(local)
		return usageError{fmt.Errorf("%s configure the server this binary runs; with --url the remote server's own settings apply (--toolsets and --read-only choose among what it offers): drop them", strings.Join(local, ", "))}
	}
	u, err := install.CheckRemoteURL(e.url)
	if err != nil {
		return usageError{err}
	}
	if u, err = remotePath(u, e); err != nil {
		return usageError{err}
	}
	if run.NoRemote(u) {
		return nil
	}
	if err := run.Named(false); err != nil {
		return usageError{err}
	}
	tok, err := remoteToken(e.set["token"], e.token, u, stdin, stderr)
	if err != nil {
		return usageError{err}
	}
	if e.check {
		answer, err := install.Probe(context.Background(), nil, u, tok)
		if err != nil {
			return fmt.Errorf("%w; nothing was written (--no-check writes it without trying)", err)
		}
		fmt.Fprintln(run.Out, answer+".")
	}
	return installed(run.WriteRemote(u, tok))
}

// remotePath is the endpoint u with the toolsets of --toolsets and --read-only as the
// server takes them in its path (/mcp/x/TOOLSETS, /readonly).
func remotePath(u string, e remoteEntry) (string, error) {
	if !e.set["toolsets"] && !e.set["read-only"] {
		return u, nil
	}
	base, ok := strings.CutSuffix(strings.TrimSuffix(u, "/"), "/mcp")
	if !ok {
		return "", fmt.Errorf("--toolsets and --read-only with --url add to the server's /mcp endpoint (…/mcp/x/TOOLSETS, …/mcp/readonly): give --url ending in /mcp")
	}
	p := base + "/mcp"
	if e.set["toolsets"] {
		v := e.fs.Lookup("toolsets").Value.String()
		if _, err := manifest.ParseToolsets(v); err != nil {
			return "", err
		}
		p += "/x/" + strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(v, ",", " "))), ",")
	}
	if e.set["read-only"] && e.fs.Lookup("read-only").Value.String() == "true" {
		p += "/readonly"
	}
	return p, nil
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
