package release

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"text/template"
)

// Repository is the project's home; the bundle and the registry entry point to its releases.
const Repository = "https://github.com/intervals-mcp/intervals-mcp"

// RegistryName is the server's name in the MCP registry: io.github.<owner>/<repo>, the
// namespace the registry lets a GitHub owner publish under.
const RegistryName = "io.github.intervals-mcp/intervals-mcp"

// BundleName is the bundle's file name, in dist/ and on the release.
const BundleName = "intervals-mcp.mcpb"

//go:embed manifest.json.tmpl
var manifestTemplate string

var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// SemVer turns the build's version (git describe: v1.2.3, v1.2.3-4-gabcdef, abcdef, or
// dev) into the semantic version the manifest and the registry need: the tag without its v,
// and 0.0.0-dev+<what it was> for a build that is not a tagged release.
func SemVer(version string) string {
	v := strings.TrimPrefix(version, "v")
	if semver.MatchString(v) {
		return v
	}
	build := regexp.MustCompile(`[^0-9A-Za-z.-]`).ReplaceAllString(version, "-")
	if build == "" {
		build = "unknown"
	}
	return "0.0.0-dev+" + build
}

// Manifest is the bundle's manifest.json for a version.
func Manifest(version string) ([]byte, error) {
	t, err := template.New("manifest").Option("missingkey=error").Parse(manifestTemplate)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, struct{ Version, Repository string }{SemVer(version), Repository}); err != nil {
		return nil, err
	}
	if !json.Valid(b.Bytes()) {
		return nil, fmt.Errorf("manifest.json.tmpl does not make JSON")
	}
	return b.Bytes(), nil
}

// ReleaseURL is where a version's bundle is downloaded from.
func ReleaseURL(version string) string {
	return Repository + "/releases/download/v" + SemVer(version) + "/" + BundleName
}
