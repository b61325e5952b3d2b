package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one subcommand's help: the one line of intervals-mcp -h, and the synopsis,
// text and examples of intervals-mcp COMMAND -h. The one table both read.
type subcommand struct {
	name, line, synopsis, text string
	examples                   []string
}

var subcommands = []subcommand{
	{name: "serve", line: "serve MCP over stdio (the default), Streamable HTTP or SSE",
		synopsis: "serve [--transport stdio|http|sse] [--addr HOST:PORT] [server flags]",
		text: "Serves MCP: over stdio for a client that starts the binary, or over HTTP\n(Streamable HTTP at /mcp, legacy SSE at /sse and /messages/). intervals-mcp alone is serve.\n" +
			"With --public-url, sign-in is rate limited per client address (IPv4 address, IPv6 /64)\n" +
			"and for everyone, across replicas (--register-rate, --authorize-rate, --fetch-rate and\n" +
			"their -global- twins, counts an hour; the limits are logged at start). Behind a reverse\n" +
			"proxy, name it with --trusted-proxies, or every user shares the proxy's budget.",
		examples: []string{"intervals-mcp serve --demo", "intervals-mcp serve --transport http --addr 127.0.0.1:8765 --read-only",
			"intervals-mcp serve --transport http --demo --public-url http://127.0.0.1:8765   # OAuth sign-in, no account",
			"intervals-mcp serve --transport http --public-url https://mcp.example.com --trusted-proxies 127.0.0.1   # behind Caddy or nginx"}},
	{name: "tools", line: "list the tools this configuration exposes (--json, --markdown)",
		synopsis: "tools [--json|--markdown] [server flags]",
		text:     "Lists the tools a configuration exposes. Needs no credentials and no network.",
		examples: []string{"intervals-mcp tools --read-only", "intervals-mcp tools --toolsets all --json"}},
	{name: "call", line: "run one tool and print its answer",
		synopsis: "call TOOL ['JSON' | -] [server flags]",
		text:     "Runs one tool as a model would through MCP (the same argument checks and errors) and\nprints its answer; - reads the arguments from stdin. Exit status 1 on a tool error.",
		examples: []string{"intervals-mcp call get_athlete_context '{}' --demo", `intervals-mcp call get_events '{"oldest":"2026-03-01"}'`}},
	{name: "install", line: "add this binary, or a remote server (--url), to Claude Desktop, Claude Code, Cursor, VS Code or Windsurf",
		synopsis: "install [CLIENT] [--name NAME] [--config FILE] [--dry-run] [--force] [server flags | --url URL [--token TOKEN] [--toolsets LIST] [--read-only] [--no-check]]",
		text: "Adds this binary to an MCP client's configuration (the file the client reads on this\n" +
			"system), with this run's credentials and flags, keeping everything else in the file and a\n" +
			"timestamped backup. Clients: claude-desktop, claude-code, cursor, vscode, windsurf; without\n" +
			"CLIENT, lists them and their files. An entry of the same name that runs another command is\n" +
			"replaced only with --force; run without a key, install keeps the key of the entry it\n" +
			"replaces when that is this server or the reference one. --demo uses its own name.\n" +
			"With --url, the entry connects to a remote server instead, with a bearer token from\n" +
			tokenEnv + ", or typed at the prompt (not echoed; Enter for none: the client signs in);\n" +
			"--toolsets and --read-only choose among the server's tools (…/mcp/x/LIST/readonly). It\n" +
			"first sends the server one request with that token and says what it answered; a refusal\n" +
			"writes nothing (--no-check skips the request).",
		examples: []string{"API_KEY=your_key ATHLETE_ID=i12345 intervals-mcp install claude-desktop",
			"intervals-mcp install cursor --demo --dry-run", "intervals-mcp install vscode --read-only --toolsets calendar,wellness",
			"intervals-mcp install claude-code --name intervals-remote --url https://mcp.example.com/mcp   # asks for the token",
			"intervals-mcp install cursor --url https://mcp.example.com/mcp --toolsets default,coach"}},
	{name: "doctor", line: "check the key, the settings, Intervals.icu and every read the tools make",
		synopsis: "doctor [--strict] [server flags]",
		text: "Checks the configuration and Intervals.icu the way the tools use them: the key, where each\n" +
			"setting came from (flag, environment, .env), the athlete and its time zone, the clock, and\n" +
			"every read the tools make, decoded by the typed client, listing the fields Intervals.icu\n" +
			"sent that the client does not know. No value of your data and never the key is shown:\n" +
			"paste the report into a bug report. Exit status 0 when the checks pass (warnings allowed,\n" +
			"unless --strict), 1 when one fails.",
		examples: []string{"intervals-mcp doctor", "intervals-mcp doctor --demo", "API_KEY=your_key ATHLETE_ID=i12345 intervals-mcp doctor --strict"}},
	{name: "fake", line: "serve the fake Intervals.icu API (for tests and demos)",
		synopsis: "fake [--addr HOST:PORT] [--api-key KEY] [--seed N] [--fault SPEC]...",
		text: "Serves the embedded fake Intervals.icu API, with the synthetic demo athlete, over HTTP,\n" +
			"and Intervals.icu's OAuth sign-in (/oauth/authorize, /api/oauth/token) for the demo app\n" +
			"it prints.",
		examples: []string{"intervals-mcp fake --addr 127.0.0.1:8766", "intervals-mcp fake --fault 429:count=2,retry-after=1"}},
	{name: "token", line: "create, list or revoke personal access tokens (for clients that send a bearer header)",
		synopsis: "token create --athlete ID --scope read|write --expires 30d|90d|365d|never [--name N] | token list | token revoke ID  [--data-dir DIR] [--database-url URL] [--demo]",
		text: "Manages the personal access tokens (imcp_pat_...) of a server run with --public-url, in\n" +
			"its store (the same --data-dir or --database-url as serve). The athlete must have signed\n" +
			"in through Intervals.icu once (the account page, or any client). create prints the token\n" +
			"once, alone on stdout; list shows each token's id, athlete, scope, name, created, expires\n" +
			"and last use, never the token; revoke ID stops its next request.",
		examples: []string{"intervals-mcp token create --athlete i12345 --scope read --expires 90d --name laptop",
			"intervals-mcp token list --database-url postgres://user:password@db:5432/intervals", "intervals-mcp token revoke k7q2m4x9p3w8z6r5",
			"intervals-mcp token create --demo --data-dir ./demo --athlete i100001 --scope write --expires 30d   # on serve --demo --data-dir ./demo"}},
	{name: "healthcheck", line: "ask the HTTP server of this configuration for /healthz (a container's health check)",
		synopsis: "healthcheck [--timeout 3s] [server flags]",
		text: "Asks the HTTP server that --addr (FASTMCP_HOST, FASTMCP_PORT) names for /healthz, on\n" +
			"127.0.0.1 when it listens on every address, and exits 0 when it answers 200, 1 otherwise:\n" +
			"the container image runs it as its health check (it has no shell or curl).",
		examples: []string{"intervals-mcp healthcheck", "FASTMCP_PORT=9000 intervals-mcp healthcheck"}},
	{name: "version", line: "print the version, its commit and date",
		synopsis: "version",
		text:     "Prints the version stamped at build time (git describe: a release's tag, such as v1.2.3),\nthe commit and its date, the Go version and the system.",
		examples: []string{"intervals-mcp version"}},
}

// usage is intervals-mcp -h: the commands, one line each.
func usage() string {
	var b strings.Builder
	b.WriteString("intervals-mcp: an MCP server for Intervals.icu\n\nUsage: intervals-mcp [COMMAND] [flags]\n\nCommands:\n")
	for _, c := range subcommands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.line)
	}
	b.WriteString(`
Every server command takes --demo (the built-in demo athlete, no account needed),
--read-only, --no-destructive, --toolsets LIST|all|default, --env-file FILE, --athlete ID,
--base-url URL, --log-level LEVEL.
Run "intervals-mcp COMMAND -h" for a command's flags and examples.
`)
	return b.String()
}

// setUsage makes fs's -h print the command's synopsis, text and examples, then its flags.
func setUsage(fs *flag.FlagSet, name string) {
	for _, c := range subcommands {
		if c.name != name {
			continue
		}
		fs.Usage = func() {
			w := fs.Output()
			fmt.Fprintf(w, "usage: intervals-mcp %s\n\n%s\n\nExamples:\n", c.synopsis, c.text)
			for _, e := range c.examples {
				fmt.Fprintf(w, "  %s\n", e)
			}
			n := 0
			fs.VisitAll(func(*flag.Flag) { n++ })
			if n > 0 {
				fmt.Fprintln(w, "\nFlags:")
				fs.PrintDefaults()
			}
		}
	}
}

// versionCmd's -h, which takes no flag set.
func versionHelp(w io.Writer, args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fs := flag.NewFlagSet("intervals-mcp version", flag.ContinueOnError)
			fs.SetOutput(w)
			setUsage(fs, "version")
			fs.Usage()
			return true
		}
	}
	return false
}
