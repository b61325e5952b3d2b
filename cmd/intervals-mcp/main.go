package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	// Every athlete's dates are computed in their time zone (toolcall.Env.Today); Windows has
	// no zoneinfo database unless Go is installed, so the binary carries its own.
	_ "time/tzdata"
)

// Exit codes.
const (
	exitOK    = 0
	exitError = 1 // the run failed (a tool error, a network error)
	exitUsage = 2 // bad flags or settings, missing credentials
)

// usageError marks errors that exit with exitUsage.
type usageError struct{ error }

// flagError is a usage error the flag package has already printed, with the usage.
type flagError struct{ error }

func (e usageError) Unwrap() error { return e.error }

func main() {
	trustFallbackRoots()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, usage())
		return exitOK
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serveCmd(args, stdin, stdout, stderr)
	case "tools":
		err = toolsCmd(args, stdout, stderr)
	case "call":
		err = callCmd(args, stdin, stdout, stderr)
	case "fake":
		err = fakeCmd(args, stdout, stderr)
	case "token":
		err = tokenCmd(args, stdout, stderr)
	case "install":
		err = installCmd(args, stdin, stdout, stderr)
	case "doctor":
		err = doctorCmd(args, stdout, stderr)
	case "healthcheck":
		err = healthcheckCmd(args, stdout, stderr)
	case "version", "--version":
		if versionHelp(stderr, args) {
			return exitOK
		}
		err = versionCmd(stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage())
		return exitOK
	default:
		fmt.Fprintf(stderr, "intervals-mcp: unknown command %q\n\n%s", cmd, usage())
		return exitUsage
	}
	var ue usageError
	var fe flagError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &fe):
		return exitUsage
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "intervals-mcp:", err)
		return exitUsage
	default:
		fmt.Fprintln(stderr, "intervals-mcp:", err)
		return exitError
	}
}

// parseInterspersed parses flags that may come before, between or after the positional
// arguments ("call TOOL '{}' --demo"), and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, flagError{err}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("intervals-mcp "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs, name)
	return fs
}
