package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/install"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// tokenEnv holds the bearer token of `install --url` (install.TokenEnv).
const tokenEnv = install.TokenEnv

// installFlags are install's own flags; the others configure the server this binary runs.
var installFlags = map[string]bool{"name": true, "config": true, "dry-run": true, "force": true, "url": true, "token": true, "no-check": true, "env-file": true}

// installCmd adds this binary to a client's configuration (the file the client reads on this
// system, the Windows Store build of Claude Desktop included), with the credentials and flags
// of this run, so that nobody has to hand-edit JSON; with --url, an entry that connects to a
// remote server instead, in the client's own remote shape. What is written, and where, is
// internal/install's to decide.
func installCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("install", stderr)
	name := fs.String("name", "", "the entry's name in the client's list [default: intervals-icu, with --demo intervals-icu-demo; Claude Desktop: Intervals.icu, Intervals.icu demo]")
	path := fs.String("config", "", "the file to change [default: the one the client reads on this system]")
	dryRun := fs.Bool("dry-run", false, "print the change and write nothing")
	force := fs.Bool("force", false, "replace an entry of the same name that runs another command or connects elsewhere")
	remote := fs.String("url", "", "write an entry that connects to this remote server's MCP endpoint, such as https://mcp.example.com/mcp, instead of one that starts this binary")
	token := fs.String("token", "", "with --url: the bearer token the client sends (imcp_pat_...); better in "+tokenEnv+" or typed at the prompt, out of the shell's history")
	noCheck := fs.Bool("no-check", false, "with --url: write the entry without first trying it against the server")
	f := config.Bind(fs)
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	sys := install.Local(runtime.GOOS)
	if len(pos) == 0 {
		install.ListClients(stdout, sys)
		return nil
	}
	client, ok := install.Lookup(pos[0])
	if !ok || len(pos) > 1 {
		return usageError{fmt.Errorf("install takes one client: %s (intervals-mcp install lists them)", install.IDs())}
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	run := install.NewRun(client, sys, *name, *path, install.Options{Force: *force, DryRun: *dryRun}, stdout)
	if *remote != "" {
		return installRemote(run, remoteEntry{url: *remote, set: set, token: *token, check: !*noCheck, fs: fs}, stdin, stderr)
	}
	if set["token"] {
		return usageError{errors.New("--token goes with --url (a remote server); an entry that starts this binary takes API_KEY")}
	}
	cfg, err := resolveConfig(fs, f, nil)
	if err != nil {
		return err
	}
	if err := run.Named(cfg.Demo); err != nil {
		return usageError{err}
	}
	exe, err := install.Executable()
	if errors.Is(err, install.ErrGoRun) {
		return usageError{err}
	} else if err != nil {
		return err
	}
	if prev, ok := run.Replaced(exe); ok && cfg.NeedCredentials() != nil {
		// This run, given no key, keeps the one of the entry it replaces (the reference
		// server's, or an older install's) rather than failing or writing an entry without.
		if env := prev.Credentials(os.LookupEnv); env != nil {
			if cfg, err = resolveConfig(fs, f, env); err != nil {
				return err
			}
			if cfg.NeedCredentials() == nil {
				run.KeepCredentials(cfg.AthleteID)
			}
		}
	}
	if err := cfg.NeedCredentials(); err != nil {
		return usageError{err}
	}
	return installed(run.Write(settings(cfg).Server(exe), cfg.Secrets(), ""))
}

// settings are what the entry's server runs with: this run's flags and credentials.
func settings(cfg *config.Config) install.Settings {
	s := install.Settings{Demo: cfg.Demo, ReadOnly: cfg.ReadOnly, NoDestructive: cfg.NoDestructive,
		AthleteID: cfg.AthleteID, APIKey: cfg.APIKey, AccessToken: cfg.AccessToken, BaseURL: cfg.BaseURL}
	if !slices.Equal(cfg.Toolsets, manifest.DefaultToolsets) {
		for _, t := range cfg.Toolsets {
			s.Toolsets = append(s.Toolsets, string(t))
		}
	}
	return s
}

// installed is a write's error as the command says it: an entry of the same name that is
// another server's is the user's to resolve (--name or --force), a usage error.
func installed(err error) error {
	var ce *install.ConflictError
	if errors.As(err, &ce) {
		return usageError{err}
	}
	return err
}
