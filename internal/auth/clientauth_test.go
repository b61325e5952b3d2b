package auth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
)

// assertion is a private_key_jwt client assertion of client for aud, signed by key, with a
// new jti.
func assertion(t *testing.T, key *ecdsa.PrivateKey, kid, client, aud string, life time.Duration) string {
	t.Helper()
	return assertionWithID(t, key, kid, client, aud, life, rand.Text())
}

func assertionWithID(t *testing.T, key *ecdsa.PrivateKey, kid, client, aud string, life time.Duration, jti string) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, (&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", kid))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	s, err := jwt.Signed(signer).Claims(jwt.Claims{Issuer: client, Subject: client, Audience: jwt.Audience{aud},
		IssuedAt: jwt.NewNumericDate(now), Expiry: jwt.NewNumericDate(now.Add(life)), ID: jti}).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPrivateKeyJWTIsVerifiedAgainstTheClientsJWKS(t *testing.T) {
	const id = "https://chatgpt.com/oauth/client.json"
	const redirect = "https://chatgpt.com/connector/oauth/abc123"
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	other, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	jwks := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}}
	raw, _ := json.Marshal(jwks)
	var jwksDoc any
	json.Unmarshal(raw, &jwksDoc)
	_, hc := cimdServer(t, map[string]any{
		"/oauth/client.json": map[string]any{"client_id": id, "client_name": "ChatGPT", "redirect_uris": []string{redirect},
			"token_endpoint_auth_method": "private_key_jwt", "jwks_uri": "https://chatgpt.com/oauth/jwks.json"},
		"/oauth/jwks.json": jwksDoc,
	})
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	verifier, challenge := pkce()
	code := e.code(id, redirect, challenge, "intervals:read")
	form := func(extra ...string) url.Values {
		v := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {id},
			"code_verifier": {verifier}, "resource": {e.url + "/mcp"}}
		for i := 0; i+1 < len(extra); i += 2 {
			v.Set(extra[i], extra[i+1])
		}
		return v
	}
	const typ = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
	refused := map[string]url.Values{
		"no assertion":     form(),
		"another key":      form("client_assertion_type", typ, "client_assertion", assertion(t, other, "k1", id, e.url+"/token", time.Minute)),
		"another audience": form("client_assertion_type", typ, "client_assertion", assertion(t, key, "k1", id, "https://elsewhere.example/token", time.Minute)),
		"another issuer":   form("client_assertion_type", typ, "client_assertion", assertion(t, key, "k1", "https://evil.example/c.json", e.url+"/token", time.Minute)),
		"a day long":       form("client_assertion_type", typ, "client_assertion", assertion(t, key, "k1", id, e.url+"/token", 24*time.Hour)),
		"expired":          form("client_assertion_type", typ, "client_assertion", assertion(t, key, "k1", id, e.url+"/token", -time.Minute)),
		"a wrong type":     form("client_assertion_type", "jwt", "client_assertion", assertion(t, key, "k1", id, e.url+"/token", time.Minute)),
		"no jti":           form("client_assertion_type", typ, "client_assertion", assertionWithID(t, key, "k1", id, e.url+"/token", time.Minute, "")),
	}
	for name, v := range refused {
		if status, tok := e.token(v); status != http.StatusUnauthorized || tok.Error != "invalid_client" {
			t.Errorf("%s: %d %+v, want 401 invalid_client", name, status, tok)
		}
	}
	good := assertion(t, key, "k1", id, e.url+"/token", time.Minute)
	status, tok := e.token(form("client_assertion_type", typ, "client_assertion", good))
	if status != http.StatusOK || tok.AccessToken == "" {
		t.Fatalf("a good assertion: %d %+v (the refused ones must not have spent the code)", status, tok)
	}
	// The same assertion again, with a new code: refused for its spent jti, and the code
	// is still good for a new assertion.
	code = e.code(id, redirect, challenge, "intervals:read")
	status, tok = e.token(form("client_assertion_type", typ, "client_assertion", good))
	if status != http.StatusUnauthorized || tok.Error != "invalid_client" || !strings.Contains(tok.Description, "used before") {
		t.Errorf("a replayed assertion: %d %+v, want 401 invalid_client saying it was used before", status, tok)
	}
	if status, tok := e.token(form("client_assertion_type", typ, "client_assertion", assertion(t, key, "k1", id, e.url+"/token", time.Minute))); status != http.StatusOK {
		t.Errorf("a new assertion after the replay: %d %+v", status, tok)
	}
}

// TestJWKSFetchErrorIsNotInTheAnswer: a private_key_jwt client whose jwks_uri cannot be
// reached (its host refuses the connection) is refused invalid_client with what to do; the
// connection error (dial tcp ..., an address) goes to the log only.
func TestJWKSFetchErrorIsNotInTheAnswer(t *testing.T) {
	const id = "https://chatgpt.com/oauth/client.json"
	const redirect = "https://chatgpt.com/connector/oauth/abc123"
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	_, hc := cimdServer(t, map[string]any{
		"/oauth/client.json": map[string]any{"client_id": id, "client_name": "ChatGPT", "redirect_uris": []string{redirect},
			"token_endpoint_auth_method": "private_key_jwt", "jwks_uri": "https://keys.chatgpt.com/jwks.json"},
	})
	tr := hc.Transport.(*http.Transport).Clone()
	dial := tr.DialContext
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if strings.HasPrefix(addr, "keys.chatgpt.com") {
			return (&net.Dialer{}).DialContext(ctx, network, "127.0.0.1:1") // refused
		}
		return dial(ctx, network, addr)
	}
	hc = &http.Client{Transport: tr, CheckRedirect: hc.CheckRedirect}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	verifier, challenge := pkce()
	code := e.code(id, redirect, challenge, "intervals:read")
	status, tok := e.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {id},
		"code_verifier": {verifier}, "resource": {e.url + "/mcp"},
		"client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"}, "client_assertion": {assertion(t, key, "k1", id, e.url+"/token", time.Minute)}})
	if status != http.StatusUnauthorized || tok.Error != "invalid_client" || !strings.Contains(tok.Description, "jwks_uri") {
		t.Fatalf("%d %+v, want 401 invalid_client about the jwks_uri", status, tok)
	}
	for _, leak := range []string{"dial", "refused", "127.0.0.1", ":1"} {
		if strings.Contains(tok.Description, leak) {
			t.Errorf("the answer shows the network error (%q): %s", leak, tok.Description)
		}
	}
}
