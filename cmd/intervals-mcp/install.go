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

// installCmd adds this binary to Claude Desktop's configuration (the file the installed build
// reads, including the Windows Store one), with the credentials and flags of this run, so
// that nobody has to hand-edit JSON.
func installCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("install", stderr)
	name := fs.String("name", "Intervals.icu", "the server's name in the client's list")
	path := fs.String("config", "", "the claude_desktop_config.json to change [default: the one Claude Desktop reads here]")
	cfg, err := loadFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if err := cfg.NeedCredentials(); err != nil {
		return usageError{err}
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find this program's path: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return fmt.Errorf("find this program's path: %w", err)
	}
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return usageError{errors.New("install from the built binary, not go run (which builds into a temporary folder): make build && bin/intervals-mcp install")}
	}
	srv := install.Server{Command: exe, Args: serveArgs(cfg), Env: serveEnv(cfg)}
	var others []string
	if *path == "" {
		*path, others = install.ClaudeDesktopConfig(install.Local(runtime.GOOS))
	}
	res, err := install.Write(*path, *name, srv)
	if err != nil {
		return err
	}
	verb := "Added"
	if res.Replaced {
		verb = "Replaced"
	}
	fmt.Fprintf(stdout, "%s %q in %s\n", verb, *name, res.Path)
	if res.Backup != "" {
		fmt.Fprintf(stdout, "The previous file is kept as %s\n", res.Backup)
	}
	for _, o := range others {
		fmt.Fprintf(stdout, "(Not changed: %s, which this build of Claude Desktop does not read.)\n", o)
	}
	fmt.Fprintln(stdout, "Quit and reopen Claude Desktop to load it.")
	return nil
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
