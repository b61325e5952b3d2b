package main

import (
	"context"
	"flag"
	"io"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/doctor"
)

// doctorCmd runs the set-up check (internal/doctor); a report that found a problem returns
// doctor.ErrFailed.
func doctorCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("doctor", stderr)
	strict := fs.Bool("strict", false, "fail on warnings too (fields the client does not know, a tool error)")
	cfg, pos, err := loadConfig(fs, args)
	if err != nil {
		return err
	}
	if err := flagsOnly(fs, pos); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	ctx, stop := signalContext()
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	return doctor.Run(ctx, stdout, doctor.Options{
		Config:     cfg,
		Strict:     *strict,
		FlagsGiven: given,
		Redact:     strings.NewReplacer(redactions(cfg)...).Replace,
		Logger:     newLogger(io.Discard, cfg),
	})
}

// redactions are strings.NewReplacer pairs hiding the configuration's secrets (the
// report).
func redactions(cfg *config.Config) []string {
	var r []string
	for _, s := range cfg.Secrets() { // none is empty
		r = append(r, s, "[redacted]")
	}
	return r
}
