package release

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// manualSection is the text of a section of the operator's manual, from its heading to the
// next heading of its level or above.
func manualSection(t *testing.T, heading string) string {
	t.Helper()
	b, err := os.ReadFile("../../cmd/intervals-mcp/README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("the manual has no %q", heading)
	}
	rest := text[i+len(heading)+2:]
	level := strings.Count(strings.Fields(heading)[0], "#")
	for j := 0; j < len(rest); {
		k := strings.Index(rest[j:], "\n#")
		if k < 0 {
			break
		}
		j += k + 1
		if n := len(rest[j:]) - len(strings.TrimLeft(rest[j:], "#")); n <= level {
			return rest[:j]
		}
	}
	return rest
}

// TestComposeFileAsTheGuideSaysIt parses deploy/compose.yaml as docker compose does
// (compose-go, the spec's loader, with the .env of example.env filled in) and holds it to
// the manual's guide: the server's two replicas, PostgreSQL and Caddy; every setting the
// guide's table names given to the server, and no other; each of them a setting of the
// manual's table; the pieces that must agree (the database host and the service, the trusted
// proxies and the network, the seal key and the secret, the Caddyfile's upstream and the
// service and port) agreeing.
func TestComposeFileAsTheGuideSaysIt(t *testing.T) {
	envFile, err := os.ReadFile("deploy/example.env")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(envFile), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			env[k] = v
		}
	}
	for _, k := range []string{"INTERVALS_CLIENT_ID", "INTERVALS_CLIENT_SECRET", "POSTGRES_PASSWORD"} {
		if _, ok := env[k]; !ok {
			t.Errorf("example.env has no %s, which compose.yaml requires", k)
		}
		env[k] = "filled-in-" + strings.ToLower(k)
	}
	opts, err := cli.NewProjectOptions([]string{"deploy/compose.yaml"}, cli.WithEnv(mapToList(env)), cli.WithWorkingDirectory("deploy"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := opts.LoadProject(context.Background())
	if err != nil {
		t.Fatalf("compose.yaml does not load as docker compose loads it: %v", err)
	}
	srv, err := p.GetService("intervals-mcp")
	if err != nil {
		t.Fatal(err)
	}
	if srv.Deploy == nil || srv.Deploy.Replicas == nil || *srv.Deploy.Replicas != 2 {
		t.Errorf("intervals-mcp's replicas: %+v, want 2", srv.Deploy)
	}
	if srv.HealthCheck == nil || !slices.Equal(srv.HealthCheck.Test, types.HealthCheckTest{"CMD", "/intervals-mcp", "healthcheck"}) {
		t.Errorf("intervals-mcp's health check: %+v", srv.HealthCheck)
	}
	for _, name := range []string{"postgres", "caddy"} {
		if _, err := p.GetService(name); err != nil {
			t.Errorf("no %s service: %v", name, err)
		}
	}
	caddy, _ := p.GetService("caddy")
	if !slices.ContainsFunc(caddy.Ports, func(pc types.ServicePortConfig) bool { return pc.Target == 443 && pc.Published == "443" }) {
		t.Errorf("caddy publishes %+v, want 443", caddy.Ports)
	}

	guide := manualSection(t, "### Deploy it with Docker Compose")
	settings := manualSection(t, "## Settings")
	named := regexp.MustCompile("(?m)^\\| ((?:`[A-Z][A-Z0-9_]+`(?:, )?)+) \\|")
	var inGuide []string
	for _, m := range named.FindAllStringSubmatch(guide, -1) {
		for _, v := range strings.Split(m[1], ", ") {
			inGuide = append(inGuide, strings.Trim(v, "`"))
		}
	}
	if len(inGuide) < 8 {
		t.Fatalf("the guide's table names %d settings: %v", len(inGuide), inGuide)
	}
	for _, v := range inGuide {
		if srv.Environment[v] == nil || *srv.Environment[v] == "" {
			t.Errorf("the guide names %s, which compose.yaml does not give intervals-mcp", v)
		}
		if !strings.Contains(settings, "`"+v+"`") {
			t.Errorf("the guide names %s, which the manual's settings table does not have", v)
		}
	}
	for v := range srv.Environment {
		if !slices.Contains(inGuide, v) {
			t.Errorf("compose.yaml gives intervals-mcp %s, which the guide's table does not explain", v)
		}
	}

	val := func(k string) string { return *srv.Environment[k] }
	if !strings.Contains(val("DATABASE_URL"), "@postgres:5432/") {
		t.Errorf("DATABASE_URL %q does not name the postgres service", val("DATABASE_URL"))
	}
	if val("MCP_PUBLIC_URL") != "https://"+env["MCP_DOMAIN"] {
		t.Errorf("MCP_PUBLIC_URL = %q, want https://%s", val("MCP_PUBLIC_URL"), env["MCP_DOMAIN"])
	}
	net := p.Networks["default"]
	if len(net.Ipam.Config) != 1 || net.Ipam.Config[0].Subnet != val("MCP_TRUSTED_PROXIES") {
		t.Errorf("MCP_TRUSTED_PROXIES %q is not the compose network's range %+v", val("MCP_TRUSTED_PROXIES"), net.Ipam.Config)
	}
	if len(srv.Secrets) != 1 || "/run/secrets/"+srv.Secrets[0].Source != val("MCP_SEAL_KEY_FILE") {
		t.Errorf("MCP_SEAL_KEY_FILE %q is not the service's secret %+v", val("MCP_SEAL_KEY_FILE"), srv.Secrets)
	}
	caddyfile, err := os.ReadFile("deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(caddyfile), "dynamic a intervals-mcp 8765"); n != 2 || !slices.Contains(srv.Expose, "8765") {
		t.Errorf("the Caddyfile names the replicas %d times as intervals-mcp:8765 (want 2), the service exposes %v", n, srv.Expose)
	}
	if !strings.Contains(string(caddyfile), "{$MCP_DOMAIN} {") || caddy.Environment["MCP_DOMAIN"] == nil {
		t.Error("the Caddyfile's site is not the MCP_DOMAIN caddy is given")
	}
}

func mapToList(m map[string]string) []string {
	var l []string
	for k, v := range m {
		l = append(l, k+"="+v)
	}
	return l
}
