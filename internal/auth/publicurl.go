package auth

import (
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// A wrong --public-url breaks sign-in in ways a user cannot read (a redirect to another
// address, "this form was sent from another site", a resource that is not the one the client
// connected to), so the server says so in its log: at start when the listening address
// alone shows it (ListenProblem), and at the first request whose host or scheme differ from
// the public URL's (Watch), naming the header that differs, once for each thing seen.

// ListenProblem says what is wrong with the public URL for a server listening on addr, when
// that alone shows it: a loopback public URL can only be reached on this machine, so with a
// loopback listening address its port must be the one listened on. "" when nothing shows.
func (s *Server) ListenProblem(addr string) string {
	u, err := url.Parse(s.issuer)
	if err != nil {
		return ""
	}
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	lhost, lport, err := net.SplitHostPort(addr)
	if err != nil || !isLoopbackHost(host) || !isLoopbackHost(lhost) || lport == port || lport == "0" {
		return ""
	}
	return "--public-url " + s.issuer + " is on this machine at port " + port + ", but the server listens on " + addr +
		": clients would be sent to a port nothing serves; give --public-url http://" + net.JoinHostPort(host, lport) + ", or the address your proxy serves"
}

// maxHostWarnings bounds the distinct mismatches logged by a process: a client that sends
// made-up headers cannot fill the log, nor hide a real mismatch behind one of its own.
const maxHostWarnings = 8

// hostWatch is what Watch has logged.
type hostWatch struct {
	mu   sync.Mutex
	told map[string]bool
}

// Watch logs, once for each header and value, a request whose host or scheme differ from the
// public URL: the client's host as the nearest proxy says it (X-Forwarded-Host, or
// Forwarded's host=), else the Host of a request that came through no proxy; the scheme of
// X-Forwarded-Proto or Forwarded's proto=. A proxy's headers are read from a trusted proxy
// only, when the server names its proxies (Limits.TrustedProxies). Values are logged cut,
// without any user part; the request goes on as before.
func (s *Server) Watch(r *http.Request) {
	header, seen, want := s.mismatch(r)
	if header == "" {
		return
	}
	key := header + "\x00" + seen
	s.watch.mu.Lock()
	if s.watch.told[key] || len(s.watch.told) >= maxHostWarnings {
		s.watch.mu.Unlock()
		return
	}
	if s.watch.told == nil {
		s.watch.told = map[string]bool{}
	}
	s.watch.told[key] = true
	s.watch.mu.Unlock()
	s.log.Warn("a request reached this server at another address than --public-url: sign-in sends its users to the public URL, so check --public-url (MCP_PUBLIC_URL), or have the proxy send the client's host in X-Forwarded-Host (nginx: proxy_set_header X-Forwarded-Host $host;) and scheme in X-Forwarded-Proto",
		"header", header, "seen", seen, "public_url_has", want, "path", cutText(r.URL.Path, 100))
}

// mismatch is the header whose value differs from the public URL, that value and the public
// URL's; "" when none does (or none can be known).
func (s *Server) mismatch(r *http.Request) (header, seen, want string) {
	u, err := url.Parse(s.issuer)
	if err != nil {
		return "", "", ""
	}
	var fwdHost, fwdProto, hostHeader, protoHeader string
	if s.fromProxy(r) {
		if v := r.Header.Get("X-Forwarded-Host"); v != "" {
			fwdHost, hostHeader = firstValue(v), "X-Forwarded-Host"
		}
		if v := r.Header.Get("X-Forwarded-Proto"); v != "" {
			fwdProto, protoHeader = firstValue(v), "X-Forwarded-Proto"
		}
		if v := r.Header.Get("Forwarded"); v != "" {
			for _, pair := range splitUnquoted(splitUnquoted(v, ',')[0], ';') {
				k, val, _ := strings.Cut(pair, "=")
				val = strings.Trim(strings.TrimSpace(val), `"`)
				switch strings.ToLower(strings.TrimSpace(k)) {
				case "host":
					fwdHost, hostHeader = val, "Forwarded (host=)"
				case "proto":
					fwdProto, protoHeader = val, "Forwarded (proto=)"
				}
			}
		}
	}
	if fwdProto != "" && !strings.EqualFold(fwdProto, u.Scheme) {
		return protoHeader, cutHost(fwdProto), u.Scheme
	}
	switch {
	case fwdHost != "":
		if !sameHost(fwdHost, u) {
			return hostHeader, cutHost(fwdHost), u.Host
		}
	case !proxied(r) && r.Host != "" && !sameHost(r.Host, u):
		return "Host", cutHost(r.Host), u.Host
	}
	return "", "", ""
}

// fromProxy says whether r's proxy headers are to be read: from anyone when the server
// names no proxy, else from its trusted proxies only.
func (s *Server) fromProxy(r *http.Request) bool {
	if len(s.addrs.trusted) == 0 {
		return true
	}
	remote, ok := parseHop(r.RemoteAddr)
	return ok && s.addrs.isTrusted(remote)
}

// proxied says whether r came through a proxy that said so: its Host may be the proxy's
// own name for this server.
func proxied(r *http.Request) bool {
	for _, h := range []string{"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded", "X-Real-Ip", "Via"} {
		if r.Header.Get(h) != "" {
			return true
		}
	}
	return false
}

// sameHost says whether host (a Host header's form) is u's host, the default port implied.
func sameHost(host string, u *url.URL) bool {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	h, p, err := net.SplitHostPort(host)
	if err != nil {
		h, p = strings.Trim(host, "[]"), ""
	}
	return strings.EqualFold(strings.TrimSuffix(h, "."), u.Hostname()) && (p == "" || p == port)
}

func firstValue(v string) string {
	first, _, _ := strings.Cut(v, ",")
	return strings.TrimSpace(first)
}

// cutHost is a header's value for the log: without a user part, at most 100 bytes.
func cutHost(v string) string {
	if _, after, ok := strings.Cut(v, "@"); ok {
		v = after
	}
	return cutText(v, 100)
}
