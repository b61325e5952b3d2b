package main

import (
	"io"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

// faultList is a repeatable --fault flag.
type faultList []fakeicu.Fault

func (f *faultList) String() string {
	s := make([]string, len(*f))
	for i, ft := range *f {
		s[i] = ft.String()
	}
	return strings.Join(s, " ")
}

func (f *faultList) Set(v string) error {
	ft, err := fakeicu.ParseFault(v)
	if err != nil {
		return err
	}
	*f = append(*f, ft)
	return nil
}

// fakeCmd serves the fake Intervals.icu API over HTTP until interrupted.
func fakeCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("fake", stderr)
	addr := fs.String("addr", "127.0.0.1:8766", "host:port to listen on")
	key := fs.String("api-key", fakeicu.DefaultAPIKey, "the API key the fake accepts (user API_KEY)")
	seed := fs.Int64("seed", 1, "seed of the synthetic athlete's data")
	var faults faultList
	fs.Var(&faults, "fault", "inject a fault, repeatable (see fakeicu.ParseFault), e.g. 429:retry-after=1, 503:count=3,method=GET or latency:200ms")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := flagsOnly(fs, pos); err != nil {
		return err
	}
	ctx, stop := signalContext()
	defer stop()
	return fakeicu.Serve(ctx, *addr, fakeicu.Options{Seed: *seed, APIKey: *key, Faults: faults}, stdout)
}
