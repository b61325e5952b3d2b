package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// versionCmd prints the version set at build time (-ldflags -X ...intervals.Version).
func versionCmd(stdout io.Writer) error {
	_, err := fmt.Fprintf(stdout, "intervals-mcp %s (%s %s/%s)\n", intervals.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}
