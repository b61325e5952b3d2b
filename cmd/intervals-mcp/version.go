package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// commit and date are stamped at build time (make and goreleaser: -ldflags -X main.commit=...
// -X main.date=..., the commit's own date, so that a build is reproducible); a build without
// them (go install, go run) takes Go's record of the checkout, when it has one.
var commit, date string

// build is the binary's version, commit and date: the version is git describe's of the
// build (the tag itself for a tagged release; v1.2.3 installed with go install), "dev" when
// nothing says.
func build() (version, rev, when string) {
	version, rev, when = intervals.Version, commit, date
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version, rev, when
	}
	if version == "dev" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		version = info.Main.Version
	}
	modified := false
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision" && rev == "":
			rev = s.Value
		case s.Key == "vcs.time" && when == "":
			when = s.Value
		case s.Key == "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if modified && commit == "" && rev != "" {
		rev += "+changes"
	}
	return version, rev, when
}

// versionCmd prints the version, the commit and its date, and the Go that built it.
func versionCmd(stdout io.Writer) error {
	version, rev, when := build()
	if rev == "" {
		rev = "unknown"
	}
	if when == "" {
		when = "unknown"
	}
	_, err := fmt.Fprintf(stdout, "intervals-mcp %s\ncommit %s\ndate %s\n%s %s/%s\n", version, rev, when, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}
