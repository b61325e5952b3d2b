package auth

import (
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// OAuth is what /mcp needs of the authorization server (server.HTTPOptions.OAuth): our
// verifier and routes, and the two servers the token's scope chooses between, built once.
// writeTool says whether a tool is in full and not in read.
func (s *Server) OAuth(read, full *mcp.Server, writeTool func(name string) bool) *server.OAuthOptions {
	return &server.OAuthOptions{
		Verifier:            s.Verifier(),
		ResourceMetadataURL: s.ResourceMetadataURL(),
		Routes:              s.Handler(),
		Read:                read,
		Full:                full,
		WriteTool:           writeTool,
	}
}

// DemoPath is where --demo serves the fake Intervals.icu's sign-in pages, on our own address.
const DemoPath = "/demo-intervals"

// Demo is the upstream of --demo: the embedded fake plays Intervals.icu's OAuth. Browsers
// reach its approve page under publicURL + DemoPath (the handler to mount there); the code
// exchange goes to the fake in process. The credentials are the fake's demo app's.
func Demo(fake *fakeicu.Fake, publicURL string) (*Upstream, http.Handler) {
	up := &Upstream{
		ClientID:     fakeicu.DemoOAuthClientID,
		ClientSecret: fakeicu.DemoOAuthClientSecret,
		BaseURL:      strings.TrimSuffix(publicURL, "/") + DemoPath,
		HTTP:         &http.Client{Transport: stripPrefix{DemoPath, fake.Transport()}},
	}
	return up, http.StripPrefix(DemoPath, fake.Handler())
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
