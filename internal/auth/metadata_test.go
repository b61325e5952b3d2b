package auth_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

func getJSON(t *testing.T, u string) map[string]any {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&m) != nil {
		t.Fatalf("GET %s = %d, want JSON", u, resp.StatusCode)
	}
	return m
}

func TestMetadataAtBothURLsWithTheIssuerExact(t *testing.T) {
	e := newEnv(t)
	prm := getJSON(t, e.url+"/.well-known/oauth-protected-resource/mcp")
	root := getJSON(t, e.url+"/.well-known/oauth-protected-resource")
	if fmt.Sprint(prm) != fmt.Sprint(root) {
		t.Errorf("the two protected-resource documents differ:\n%v\n%v", prm, root)
	}
	if prm["resource"] != e.url+"/mcp" || fmt.Sprint(prm["authorization_servers"]) != "["+e.url+"]" {
		t.Errorf("protected resource = %v", prm)
	}
	asm := getJSON(t, e.url+"/.well-known/oauth-authorization-server")
	oidc := getJSON(t, e.url+"/.well-known/openid-configuration")
	if fmt.Sprint(asm) != fmt.Sprint(oidc) {
		t.Errorf("openid-configuration differs from oauth-authorization-server")
	}
	want := map[string]string{
		"issuer":                                         e.url,
		"code_challenge_methods_supported":               "[S256]",
		"token_endpoint_auth_methods_supported":          "[none private_key_jwt]",
		"scopes_supported":                               "[intervals:read intervals:write]",
		"client_id_metadata_document_supported":          "true",
		"authorization_response_iss_parameter_supported": "true",
		"registration_endpoint":                          e.url + "/register",
		"revocation_endpoint":                            e.url + "/revoke",
		"token_endpoint":                                 e.url + "/token",
		"authorization_endpoint":                         e.url + "/authorize",
	}
	for k, v := range want {
		if got := fmt.Sprint(asm[k]); got != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}
}
