package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// errToolFailed is returned after a tool error has been printed.
var errToolFailed = errors.New("the tool reported an error (above)")

// callCmd runs one tool, as a model would through MCP (same argument checks and errors),
// and prints its answer. A tool error is printed to stderr with exit code 1. The arguments
// are one JSON object, or "-" to read it from stdin.
func callCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg, pos, err := loadConfig(newFlagSet("call", stderr), args)
	if err != nil {
		return err
	}
	if len(pos) < 1 || len(pos) > 2 {
		return usageError{errors.New(`usage: intervals-mcp call TOOL ['{"argument":"value"}'] [--demo] (list the tools with: intervals-mcp tools)`)}
	}
	name, raw := pos[0], "{}"
	if len(pos) == 2 {
		raw = pos[1]
	}
	if raw == "-" {
		data, err := io.ReadAll(stdin)
		if err != nil {
			return fmt.Errorf("read the arguments from stdin: %w", err)
		}
		raw = string(data)
	}
	if !json.Valid([]byte(raw)) {
		return usageError{fmt.Errorf("the arguments %q are not JSON: write them as one JSON object, in single quotes, such as '{\"oldest\":\"2026-03-01\"}'", raw)}
	}
	cat, err := catalog(cfg)
	if err != nil {
		return err
	}
	if _, ok := cat.Lookup(name); !ok {
		var names []string
		for _, e := range cat.Entries {
			names = append(names, e.Name)
		}
		return usageError{fmt.Errorf("no tool %q in this configuration (toolsets and --read-only decide which are on); tools: %s", name, strings.Join(names, ", "))}
	}
	logger := newLogger(stderr, cfg)
	rt, _, err := newRuntime(cfg, logger, nil)
	if err != nil {
		return err
	}
	defer rt.Journals.Close()
	ctx, stop := signalContext()
	defer stop()
	res := cat.Call(ctx, rt, name, json.RawMessage(raw), nil)
	if res.IsError {
		fmt.Fprintln(stderr, res.Text)
		return errToolFailed
	}
	_, err = fmt.Fprintln(stdout, res.Text)
	return err
}
