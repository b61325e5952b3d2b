//go:build tools

// Package tools pins the code generators this module runs through go generate, and the
// linter make check runs, so that `go run` uses the version recorded in go.mod and nothing is
// installed by hand.
package tools

import (
	_ "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen"
	_ "honnef.co/go/tools/cmd/staticcheck"
)
