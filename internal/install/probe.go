package install

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// probeTimeout bounds the one request Probe sends.
const probeTimeout = 15 * time.Second

// probeInitialize is the request Probe sends: an initialize, which every MCP server answers
// (a stateless one as well as one that keeps sessions), and which changes nothing.
const probeInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"intervals-mcp install","version":"1"}}}`

// ErrProbeRefused is wrapped by Probe's error when the server answered and refused the
// token (or wants one and none was given with an http address that cannot sign in).
var ErrProbeRefused = errors.New("the server refused the connection")

// Probe sends one request to the MCP endpoint url with the bearer token ("" for none), as
// the client will, and says what the server answered: the server's name and version when it
// accepted, that it asks for sign-in (OAuth) when no token was given and it answers 401
// naming its resource metadata. A token it refuses, or any other answer, is an error saying
// what came back (never the token); hc nil is a client of probeTimeout.
func Probe(ctx context.Context, hc *http.Client, url, token string) (string, error) {
	if hc == nil {
		hc = &http.Client{Timeout: probeTimeout}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(probeInitialize))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("could not reach the server: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	challenge := resp.Header.Get("WWW-Authenticate")
	switch {
	case resp.StatusCode == http.StatusOK:
		name, version := serverInfo(body)
		if name == "" {
			return "", fmt.Errorf("%s answered 200 but not as an MCP server (%.120q): is it the MCP endpoint?", url, body)
		}
		who := strings.TrimSpace(name + " " + version)
		if token == "" {
			return fmt.Sprintf("%s answered without a token (%s)", url, who), nil
		}
		return fmt.Sprintf("%s accepted the token (%s)", url, who), nil
	case resp.StatusCode == http.StatusUnauthorized && token == "" && strings.Contains(challenge, "resource_metadata="):
		return fmt.Sprintf("%s asks for sign-in (OAuth): the client signs you in when it connects", url), nil
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		what := "refused the token"
		if token == "" {
			what = "wants a token"
		}
		return "", fmt.Errorf("%w: %s %s: %d %s%s", ErrProbeRefused, url, what, resp.StatusCode, firstLine(body), challengeNote(challenge))
	default:
		return "", fmt.Errorf("%s answered %d %s: is it the MCP endpoint (…/mcp)?", url, resp.StatusCode, firstLine(body))
	}
}

// serverInfo is the serverInfo of an initialize answer, sent as JSON or as one SSE event.
func serverInfo(body []byte) (name, version string) {
	data := body
	if !bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) {
		data = nil
		for sc := bufio.NewScanner(bytes.NewReader(body)); sc.Scan(); {
			if d, ok := strings.CutPrefix(sc.Text(), "data:"); ok {
				data = []byte(strings.TrimSpace(d))
				break
			}
		}
	}
	var msg struct {
		Result struct {
			ServerInfo struct{ Name, Version string } `json:"serverInfo"`
		} `json:"result"`
	}
	if json.Unmarshal(data, &msg) != nil {
		return "", ""
	}
	return msg.Result.ServerInfo.Name, msg.Result.ServerInfo.Version
}

// firstLine is the first line of an answer's body, cut short.
func firstLine(body []byte) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(body)), "\n")
	if len(line) > 200 {
		line = line[:200] + "…"
	}
	return fmt.Sprintf("%q", line)
}

// challengeNote is the error a WWW-Authenticate header names, if any.
func challengeNote(challenge string) string {
	if _, after, ok := strings.Cut(challenge, `error="`); ok {
		code, _, _ := strings.Cut(after, `"`)
		return " (" + code + ")"
	}
	return ""
}
