package fakeicu

import (
	"net/http"
	"strings"
)

// SignInAt is the fake's OAuth sign-in served under path on another server's address (with
// --demo and sign-in, the MCP server's own: publicURL + path), so that a browser reaches the
// fake's approve page there: the base URL to give the OAuth client (publicURL + path), the
// HTTP client that exchanges codes with the fake in process (a request for path/... reaches
// the fake as /...), and the handler to mount at path + "/". The OAuth app is the fake's demo
// app (DemoOAuthClientID, DemoOAuthClientSecret).
func (f *Fake) SignInAt(publicURL, path string) (baseURL string, client *http.Client, pages http.Handler) {
	baseURL = strings.TrimSuffix(publicURL, "/") + path
	return baseURL, &http.Client{Transport: stripPrefix{path, f.Transport()}}, http.StripPrefix(path, f.Handler())
}

// stripPrefix sends a request for prefix/... to next as /... (the fake knows no prefix).
type stripPrefix struct {
	prefix string
	next   http.RoundTripper
}

func (t stripPrefix) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Path = strings.TrimPrefix(r.URL.Path, t.prefix)
	r.URL.RawPath = ""
	return t.next.RoundTrip(r)
}
