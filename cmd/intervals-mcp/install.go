package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/install"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// tokenEnv holds the bearer token of `install --url`, so that it stays out of the shell's
// history (--token) and of the terminal (the prompt does not echo).
const tokenEnv = "INTERVALS_MCP_TOKEN"

// installFlags are install's own flags; the others configure the server this binary runs.
var installFlags = map[string]bool{"name": true, "config": true, "dry-run": true, "force": true, "url": true, "token": true, "env-file": true}

// installCmd adds this binary to a client's configuration (the file the client reads on this
// system, the Windows Store build of Claude Desktop included), with the credentials and flags
// of this run, so that nobody has to hand-edit JSON; with --url, an entry that connects to a
// remote server instead, in the client's own remote shape.
func installCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("install", stderr)
	name := fs.String("name", "", "the entry's name in the client's list [default: intervals-icu, with --demo intervals-icu-demo; Claude Desktop: Intervals.icu, Intervals.icu demo]")
	path := fs.String("config", "", "the file to change [default: the one the client reads on this system]")
	dryRun := fs.Bool("dry-run", false, "print the change and write nothing")
	force := fs.Bool("force", false, "replace an entry of the same name that runs another command or connects elsewhere")
	remote := fs.String("url", "", "write an entry that connects to this remote server's MCP endpoint, such as https://mcp.example.com/mcp, instead of one that starts this binary")
	token := fs.String("token", "", "with --url: the bearer token the client sends (imcp_pat_...); better in "+tokenEnv+" or typed at the prompt, out of the shell's history")
	f := config.Bind(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	sys := install.Local(runtime.GOOS)
	if len(pos) == 0 {
		listClients(stdout, sys)
		return nil
	}
	client, ok := install.Lookup(pos[0])
	if !ok || len(pos) > 1 {
		return usageError{fmt.Errorf("install takes one client: %s (intervals-mcp install lists them)", install.IDs())}
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	run := installRun{client: client, name: *name, path: *path, opt: install.Options{Force: *force, DryRun: *dryRun}, stdout: stdout}
	if run.path == "" {
		run.path, run.others = client.Path(sys)
	}
	if *remote != "" {
		return run.remote(*remote, set, *token, stdin, stderr)
	}
	if set["token"] {
		return usageError{errors.New("--token goes with --url (a remote server); an entry that starts this binary takes API_KEY")}
	}
	cfg, err := resolveConfig(fs, f, nil)
	if err != nil {
		return err
	}
	if run.name == "" {
		run.name = client.EntryName
		if cfg.Demo {
			run.name = client.DemoEntryName
		}
	}
	if err := client.CheckName(run.name); err != nil {
		return usageError{err}
	}
	exe, err := executable()
	if err != nil {
		return err
	}
	run.opt.Former = client.FormerName(run.name)
	prev, ok := client.ReadEntry(run.path, run.name)
	if !ok && run.opt.Former != "" {
		if prev, ok = client.ReadEntry(run.path, run.opt.Former); prev.Command != exe {
			ok = false // not renamed (install.Options.Former), so not replaced
		}
	}
	kept := ""
	if ok && cfg.NeedCredentials() != nil && prev.IntervalsServer() {
		// The entry replaced holds the key (the reference server's, or an older install's):
		// this run, given none, keeps it rather than failing or writing an entry without it.
		if cfg, err = resolveConfig(fs, f, withEntryCredentials(prev.Env)); err != nil {
			return err
		}
		if run.keeps = cfg.NeedCredentials() == nil; run.keeps {
			kept = fmt.Sprintf("Kept the credentials (and athlete %s) of the entry it replaces.", cfg.AthleteID)
		}
	}
	if err := cfg.NeedCredentials(); err != nil {
		return usageError{err}
	}
	srv := install.Server{Command: exe, Args: serveArgs(cfg), Env: serveEnv(cfg)}
	return run.write(srv, cfg.Secrets(), kept)
}

// installRun is one install: the client, the entry's name, the file and the options.
type installRun struct {
	client     install.Client
	name, path string
	others     []string
	opt        install.Options
	stdout     io.Writer
	keeps      bool // the entry replaced gives its credentials
}

// write writes srv as the entry and says what changed, secrets hidden; note, if any, ends
// the report.
func (r installRun) write(srv install.Server, secrets []string, note string) error {
	res, err := r.client.Write(r.path, r.name, srv, r.opt)
	var ce *install.ConflictError
	if errors.As(err, &ce) && r.keeps {
		return usageError{fmt.Errorf("%w (with --force, the credentials it holds are kept)", err)}
	}
	if errors.As(err, &ce) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	redact := strings.NewReplacer(redactionsOf(secrets)...).Replace
	if r.opt.DryRun {
		fmt.Fprintf(r.stdout, "Would change %s (dry run: nothing written):\n", res.Path)
		if res.Before != nil {
			fmt.Fprintf(r.stdout, "- %q: %s\n", r.name, redact(string(res.Before)))
		}
		fmt.Fprintf(r.stdout, "+ %q: %s\n", r.name, redact(string(res.After)))
		return nil
	}
	verb := "Added"
	if res.Replaced {
		verb = "Replaced"
	}
	fmt.Fprintf(r.stdout, "%s %q in %s (%s)\n", verb, r.name, res.Path, r.client.Name)
	if res.Renamed != "" {
		fmt.Fprintf(r.stdout, "It was called %q (an older install's name): renamed in place.\n", res.Renamed)
	}
	if res.Backup != "" {
		fmt.Fprintf(r.stdout, "The previous file is kept as %s\n", res.Backup)
	}
	for _, o := range r.others {
		fmt.Fprintf(r.stdout, "(Not changed: %s, which this build of %s does not read.)\n", o, r.client.Name)
	}
	if note != "" {
		fmt.Fprintln(r.stdout, note)
	}
	fmt.Fprintln(r.stdout, r.client.Reload)
	return nil
}

// withEntryCredentials is the environment of this run, completed by the credentials an
// entry's env holds (the reference server's names, which are ours too).
func withEntryCredentials(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		if v, ok := os.LookupEnv(k); ok {
			return v, true
		}
		switch k {
		case "API_KEY", "INTERVALS_ACCESS_TOKEN", "ATHLETE_ID", "INTERVALS_API_BASE_URL":
			v, ok := env[k]
			return v, ok
		}
		return "", false
	}
}

// listClients prints the clients install knows and the file each reads on this system.
func listClients(w io.Writer, sys install.System) {
	fmt.Fprintln(w, "intervals-mcp install CLIENT writes this binary into one of these clients' configuration:")
	for _, c := range install.Clients {
		p, _ := c.Path(sys)
		mark := ""
		if _, err := os.Stat(p); err == nil {
			mark = " (exists)"
		}
		fmt.Fprintf(w, "  %-15s %-15s %s%s\n", c.ID, c.Name, p, mark)
	}
	fmt.Fprintln(w, `Add --dry-run to see the change first; "intervals-mcp install -h" lists the flags.`)
}

// executable is the path of this binary, refused when it is a go run build (a temporary
// folder that is gone once go run exits).
func executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find this program's path: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return "", fmt.Errorf("find this program's path: %w", err)
	}
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "", usageError{errors.New("install from an installed binary, not go run (which builds into a temporary folder): make install, then intervals-mcp install CLIENT")}
	}
	return exe, nil
}

// redactions are strings.NewReplacer pairs hiding the configuration's secrets.
func redactions(cfg *config.Config) []string {
	return redactionsOf(cfg.Secrets())
}

// redactionsOf are strings.NewReplacer pairs hiding secrets.
func redactionsOf(secrets []string) []string {
	var r []string
	for _, s := range secrets {
		if s != "" {
			r = append(r, s, "[redacted]")
		}
	}
	return r
}

// serveArgs are the flags of this run that the client must pass to serve.
func serveArgs(cfg *config.Config) []string {
	args := []string{"serve"}
	if cfg.Demo {
		args = append(args, "--demo")
	}
	if cfg.ReadOnly {
		args = append(args, "--read-only")
	}
	if cfg.NoDestructive {
		args = append(args, "--no-destructive")
	}
	if !slices.Equal(cfg.Toolsets, manifest.DefaultToolsets) {
		names := make([]string, len(cfg.Toolsets))
		for i, t := range cfg.Toolsets {
			names[i] = string(t)
		}
		args = append(args, "--toolsets", strings.Join(names, ","))
	}
	return args
}

// serveEnv is the client's "env" block: the reference server's variable names.
func serveEnv(cfg *config.Config) map[string]string {
	if cfg.Demo {
		return nil
	}
	env := map[string]string{"ATHLETE_ID": cfg.AthleteID}
	if cfg.APIKey != "" {
		env["API_KEY"] = cfg.APIKey
	}
	if cfg.AccessToken != "" {
		env["INTERVALS_ACCESS_TOKEN"] = cfg.AccessToken
	}
	if cfg.BaseURL != "" {
		env["INTERVALS_API_BASE_URL"] = cfg.BaseURL
	}
	return env
}
