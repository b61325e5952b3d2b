package release

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestSemVer(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3":           "1.2.3",
		"v1.2.3-rc.1":      "1.2.3-rc.1",
		"v1.2.3-4-gabcdef": "1.2.3-4-gabcdef",
		"6958464":          "0.0.0-dev+6958464",
		"6958464-dirty":    "0.0.0-dev+6958464-dirty",
		"dev":              "0.0.0-dev+dev",
	} {
		if got := SemVer(in); got != want {
			t.Errorf("SemVer(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestManifestFields checks what MCPB 0.3 requires and what the bundle promises: a binary
// server with a command per platform, the key as a sensitive setting, Intervals.icu's privacy
// policy. The npm CLI (mcpb validate) checks the whole schema in CI.
func TestManifestFields(t *testing.T) {
	b, err := Manifest("v1.4.0")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ManifestVersion string `json:"manifest_version"`
		Name, Version   string
		Description     string
		Author          struct{ Name string }
		Server          struct {
			Type       string
			EntryPoint string `json:"entry_point"`
			MCPConfig  struct {
				Command           string
				Args              []string
				Env               map[string]string
				PlatformOverrides map[string]struct{ Command string } `json:"platform_overrides"`
			} `json:"mcp_config"`
		}
		License         string
		PrivacyPolicies []string `json:"privacy_policies"`
		UserConfig      map[string]struct {
			Type      string
			Sensitive bool
			Required  bool
			Default   any
		} `json:"user_config"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	mc := m.Server.MCPConfig
	switch {
	case m.ManifestVersion != "0.3", m.Name != "intervals-mcp", m.Version != "1.4.0", m.Description == "", m.Author.Name == "":
		t.Errorf("header: %+v", m)
	case m.Server.Type != "binary" || m.Server.EntryPoint != "server/intervals-mcp" || mc.Command != "${__dirname}/server/intervals-mcp":
		t.Errorf("server: %+v", m.Server)
	case mc.PlatformOverrides["win32"].Command != "${__dirname}/server/intervals-mcp.exe" || mc.PlatformOverrides["linux"].Command != "${__dirname}/server/intervals-mcp-linux":
		t.Errorf("platform overrides: %+v", mc.PlatformOverrides)
	case mc.Env["API_KEY"] != "${user_config.api_key}" || mc.Env["ATHLETE_ID"] != "${user_config.athlete_id}" || mc.Env["INTERVALS_READ_ONLY"] != "${user_config.read_only}":
		t.Errorf("env: %+v", mc.Env)
	case !m.UserConfig["api_key"].Sensitive || !m.UserConfig["api_key"].Required || m.UserConfig["api_key"].Type != "string":
		t.Errorf("api_key: %+v", m.UserConfig["api_key"])
	case m.UserConfig["read_only"].Type != "boolean" || m.UserConfig["athlete_id"].Type != "string":
		t.Errorf("user_config: %+v", m.UserConfig)
	case m.License != "MIT":
		t.Errorf("license %q, want MIT (the repository's LICENSE, which the bundle carries)", m.License)
	case len(m.PrivacyPolicies) != 1 || !strings.HasPrefix(m.PrivacyPolicies[0], "https://intervals.icu/"):
		t.Errorf("privacy_policies: %v", m.PrivacyPolicies)
	}
}

// serverSchema is the MCP registry's published schema of server.json, the version
// ServerSchema names: testdata/server.schema.json, copied from the registry's repository
// (https://github.com/modelcontextprotocol/registry, internal/validators/schemas/2025-12-11.json
// at tag v1.5.0; the same file is at commit e361b5ff5a925b36a38eda0544bca8230a84558b), which
// its validator checks every published entry against. No network: the copy is what is checked.
func serverSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/server.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(ServerSchema, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(ServerSchema)
	if err != nil {
		t.Fatalf("the registry's schema does not compile: %v", err)
	}
	return sch
}

// TestServerJSONIsValidForTheRegistry validates server.json against the registry's schema
// (formats asserted), and what the schema cannot say: the bundle of the release with its
// SHA-256, the key marked secret, the remote's template naming /mcp. A description over the
// schema's 100 characters is refused by the same check, so that it checks something.
func TestServerJSONIsValidForTheRegistry(t *testing.T) {
	sch := serverSchema(t)
	sum := strings.Repeat("ab", 32)
	b, err := ServerJSON("v1.4.0", sum)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Errorf("server.json is not valid for the registry:\n%v\n%s", err, b)
	}
	var s Server
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != ServerSchema || !strings.HasPrefix(s.Name, "io.github.") || len(s.Packages) != 1 || len(s.Remotes) != 1 {
		t.Fatalf("server.json: %+v", s)
	}
	p := s.Packages[0]
	if p.RegistryType != "mcpb" || p.Identifier != Repository+"/releases/download/v1.4.0/intervals-mcp.mcpb" || p.Version != "1.4.0" || p.Transport.Type != "stdio" || p.FileSHA256 != sum {
		t.Errorf("package: %+v", p)
	}
	secret := map[string]bool{}
	for _, e := range p.EnvironmentVariables {
		secret[e.Name] = e.IsSecret
	}
	if !secret["API_KEY"] || secret["ATHLETE_ID"] {
		t.Errorf("isSecret: %v", secret)
	}
	if r := s.Remotes[0]; r.Type != "streamable-http" || r.URL != "https://{host}/mcp" || !r.Variables["host"].IsRequired {
		t.Errorf("remote: %+v", r)
	}
	doc.(map[string]any)["description"] = strings.Repeat("x", 101)
	if sch.Validate(doc) == nil {
		t.Error("the schema check took a description of 101 characters")
	}
	if _, err := ServerJSON("v1", "not-a-sum"); err == nil {
		t.Error("a malformed SHA-256 was accepted")
	}
}

// thin makes a minimal 64-bit Mach-O header for a CPU, enough for debug/macho.
func thin(cpu macho.Cpu, size int) []byte {
	var b bytes.Buffer
	_ = binary.Write(&b, binary.LittleEndian, macho.FileHeader{Magic: macho.Magic64, Cpu: cpu, SubCpu: 3, Type: macho.TypeExec})
	b.Write(make([]byte, 4)) // reserved field of the 64-bit header
	b.Write(bytes.Repeat([]byte{0x5a}, size))
	return b.Bytes()
}

func TestUniversalReadsBackAsFatFile(t *testing.T) {
	amd, arm := thin(macho.CpuAmd64, 100), thin(macho.CpuArm64, 20000)
	fat, err := Universal(amd, arm)
	if err != nil {
		t.Fatal(err)
	}
	ff, err := macho.NewFatFile(bytes.NewReader(fat))
	if err != nil {
		t.Fatal(err)
	}
	if len(ff.Arches) != 2 || ff.Arches[0].Cpu != macho.CpuAmd64 || ff.Arches[1].Cpu != macho.CpuArm64 {
		t.Fatalf("arches: %+v", ff.Arches)
	}
	for i, want := range [][]byte{amd, arm} {
		a := ff.Arches[i]
		if a.Offset%(1<<14) != 0 || !bytes.Equal(fat[a.Offset:a.Offset+a.Size], want) {
			t.Errorf("slice %d at %d (size %d) is not the thin file, aligned", i, a.Offset, a.Size)
		}
	}
	if _, err := Universal([]byte("not mach-o")); err == nil {
		t.Error("a file that is not Mach-O was accepted")
	}
}
