package release

import (
	"encoding/json"
	"fmt"
	"regexp"
)

// ServerSchema is the version of the registry's server.json schema written here (a copy is
// in testdata, which the tests validate against).
const ServerSchema = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

// Server is the MCP registry's server.json, the fields we fill.
type Server struct {
	Schema      string    `json:"$schema"`
	Name        string    `json:"name"`
	Title       string    `json:"title,omitempty"`
	Description string    `json:"description"`
	Version     string    `json:"version"`
	Repository  Repo      `json:"repository"`
	WebsiteURL  string    `json:"websiteUrl,omitempty"`
	Packages    []Package `json:"packages"`
	Remotes     []Remote  `json:"remotes"`
}

// Remote is a hosted server: here a template whose host the operator of a deployment fills
// in (the registry lists it; a client asks for the host).
type Remote struct {
	Type      string           `json:"type"`
	URL       string           `json:"url"`
	Variables map[string]Input `json:"variables,omitempty"`
}

// Input is a value a client asks its user for.
type Input struct {
	Description string `json:"description"`
	IsRequired  bool   `json:"isRequired,omitempty"`
	Placeholder string `json:"placeholder,omitempty"`
}

// Repo is server.json's repository.
type Repo struct {
	URL    string `json:"url"`
	Source string `json:"source"`
}

// Package is one way to install the server: here the MCPB bundle of a release.
type Package struct {
	RegistryType string `json:"registryType"`
	Identifier   string `json:"identifier"`
	Version      string `json:"version"`
	FileSHA256   string `json:"fileSha256"`
	Transport    struct {
		Type string `json:"type"`
	} `json:"transport"`
	EnvironmentVariables []EnvVar `json:"environmentVariables,omitempty"`
}

// EnvVar is an environment variable the server reads.
type EnvVar struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	IsRequired  bool   `json:"isRequired,omitempty"`
	IsSecret    bool   `json:"isSecret,omitempty"`
	Format      string `json:"format,omitempty"`
	Default     string `json:"default,omitempty"`
}

var sha256Hex = regexp.MustCompile(`^[a-f0-9]{64}$`)

// ServerJSON is the registry entry of a version whose bundle has the given SHA-256 (hex).
func ServerJSON(version, bundleSHA256 string) ([]byte, error) {
	if !sha256Hex.MatchString(bundleSHA256) {
		return nil, fmt.Errorf("the bundle's SHA-256 %q is not 64 lower-case hex digits", bundleSHA256)
	}
	v := SemVer(version)
	p := Package{RegistryType: "mcpb", Identifier: ReleaseURL(version), Version: v, FileSHA256: bundleSHA256,
		EnvironmentVariables: []EnvVar{
			{Name: "API_KEY", Description: "Intervals.icu API key (Settings, Developer Settings)", IsRequired: true, IsSecret: true},
			{Name: "ATHLETE_ID", Description: "Athlete id such as i12345; 0 is the owner of the key", Default: "0"},
			{Name: "INTERVALS_READ_ONLY", Description: "true: offer the read tools only", Format: "boolean", Default: "false"},
		}}
	p.Transport.Type = "stdio"
	s := Server{
		Schema: ServerSchema, Name: RegistryName, Title: "Intervals.icu",
		Description: "Read and plan training on Intervals.icu: activities, wellness, fitness, calendar, workouts",
		Version:     v, Repository: Repo{URL: Repository, Source: "github"}, WebsiteURL: Repository,
		Packages: []Package{p},
		Remotes: []Remote{{Type: "streamable-http", URL: "https://{host}/mcp", Variables: map[string]Input{
			"host": {Description: "The host name of your intervals-mcp server (its --public-url), which signs you in with your Intervals.icu account", IsRequired: true, Placeholder: "mcp.example.com"},
		}}},
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
