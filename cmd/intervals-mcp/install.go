package main

import (
	"errors"
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

// Default entry names: --demo has its own, so that trying the demo never replaces the entry
// that holds the user's key.
const (
	defaultName     = "Intervals.icu"
	defaultDemoName = "Intervals.icu demo"
)

// installCmd adds this binary to a client's configuration (the file the client reads on this
// system, the Windows Store build of Claude Desktop included), with the credentials and flags
// of this run, so that nobody has to hand-edit JSON.
func installCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("install", stderr)
	name := fs.String("name", "", `the server's name in the client's list [default "`+defaultName+`", with --demo "`+defaultDemoName+`"]`)
	path := fs.String("config", "", "the file to change [default: the one the client reads on this system]")
	dryRun := fs.Bool("dry-run", false, "print the change and write nothing")
	force := fs.Bool("force", false, "replace an entry of the same name that runs another command")
	cfg, pos, err := loadConfig(fs, args)
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
	if err := cfg.NeedCredentials(); err != nil {
		return usageError{err}
	}
	exe, err := executable()
	if err != nil {
		return err
	}
	if *name == "" {
		*name = defaultName
		if cfg.Demo {
			*name = defaultDemoName
		}
	}
	srv := install.Server{Command: exe, Args: serveArgs(cfg), Env: serveEnv(cfg)}
	var others []string
	if *path == "" {
		*path, others = client.Path(sys)
	}
	res, err := client.Write(*path, *name, srv, install.Options{Force: *force, DryRun: *dryRun})
	var ce *install.ConflictError
	if errors.As(err, &ce) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	redact := strings.NewReplacer(redactions(cfg)...).Replace
	if *dryRun {
		fmt.Fprintf(stdout, "Would change %s (dry run: nothing written):\n", res.Path)
		if res.Before != nil {
			fmt.Fprintf(stdout, "- %q: %s\n", *name, redact(string(res.Before)))
		}
		fmt.Fprintf(stdout, "+ %q: %s\n", *name, redact(string(res.After)))
		return nil
	}
	verb := "Added"
	if res.Replaced {
		verb = "Replaced"
	}
	fmt.Fprintf(stdout, "%s %q in %s (%s)\n", verb, *name, res.Path, client.Name)
	if res.Backup != "" {
		fmt.Fprintf(stdout, "The previous file is kept as %s\n", res.Backup)
	}
	for _, o := range others {
		fmt.Fprintf(stdout, "(Not changed: %s, which this build of %s does not read.)\n", o, client.Name)
	}
	fmt.Fprintln(stdout, client.Reload)
	return nil
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
	var r []string
	for _, s := range cfg.Secrets() {
		r = append(r, s, "[redacted]")
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
