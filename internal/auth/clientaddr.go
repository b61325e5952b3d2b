package auth

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
)

// The source of a request: the client address every rate limit is keyed on (ratelimit.go).
// Without trusted proxies it is the connecting address. Behind a reverse proxy every request
// connects from the proxy, so the operator names the proxies (Limits.TrustedProxies) and the
// header they set (Limits.ForwardedHeader: X-Forwarded-For, or RFC 7239's Forwarded); the
// client is then the right-most address of that header's chain that is not a trusted proxy:
// the one the nearest trusted proxy saw connect. What is left of it is whatever the client
// sent, and is never read. A request that connects from anywhere else is keyed on its
// connecting address whatever headers it sends.
//
// The key is the IPv4 address, or the IPv6 /64: one IPv6 host can use every address of its
// /64, which makes a per-address limit meaningless.

// clientAddrs finds the source of a request.
type clientAddrs struct {
	trusted []netip.Prefix
	header  string // canonical form
}

// maxHops bounds how many trusted proxies a chain is read through.
const maxHops = 16

// sourceKey is the source of r, as a budget key's suffix: "ip4:203.0.113.9",
// "ip6:2001:db8:1:2::/64", or for what is not an address "hop:" and the text the proxy wrote
// (such as "unknown").
func (a clientAddrs) sourceKey(r *http.Request) string {
	remote, ok := parseHop(r.RemoteAddr)
	if !ok {
		return "hop:" + clip(r.RemoteAddr)
	}
	if !a.isTrusted(remote) {
		return addrKey(remote)
	}
	var hops []string
	if strings.EqualFold(a.header, "Forwarded") {
		hops = forwardedFor(r.Header.Values(a.header))
	} else {
		for _, v := range r.Header.Values(a.header) {
			hops = append(hops, strings.Split(v, ",")...)
		}
	}
	client := remote
	for i := len(hops) - 1; i >= 0 && len(hops)-i <= maxHops; i-- {
		addr, ok := parseHop(hops[i])
		if !ok {
			return "hop:" + clip(strings.TrimSpace(hops[i]))
		}
		client = addr
		if !a.isTrusted(addr) {
			break
		}
	}
	return addrKey(client)
}

func (a clientAddrs) isTrusted(addr netip.Addr) bool {
	for _, p := range a.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// addrKey is an address's key: IPv4 by address, IPv6 by /64.
func addrKey(a netip.Addr) string {
	if a.Is4() {
		return "ip4:" + a.String()
	}
	p, _ := a.Prefix(64)
	return "ip6:" + p.String()
}

// parseHop reads one address of a chain (or a RemoteAddr): 203.0.113.9, 203.0.113.9:4711,
// 2001:db8::1, [2001:db8::1]:4711, quoted or not; IPv4-mapped IPv6 is IPv4, a zone is dropped.
func parseHop(s string) (netip.Addr, bool) {
	s = strings.Trim(strings.TrimSpace(s), `"`)
	if rest, ok := strings.CutPrefix(s, "["); ok {
		s, _, ok = strings.Cut(rest, "]")
		if !ok {
			return netip.Addr{}, false
		}
	} else if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// forwardedFor is the for= of each element of RFC 7239 Forwarded headers, in order ("" for
// an element without one).
func forwardedFor(values []string) []string {
	var out []string
	for _, v := range values {
		for _, elem := range splitUnquoted(v, ',') {
			hop := ""
			for _, pair := range splitUnquoted(elem, ';') {
				if k, val, ok := strings.Cut(pair, "="); ok && strings.EqualFold(strings.TrimSpace(k), "for") {
					hop = strings.TrimSpace(val)
				}
			}
			out = append(out, hop)
		}
	}
	return out
}

// splitUnquoted splits s at each sep that is not inside a quoted string.
func splitUnquoted(s string, sep byte) []string {
	var out []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && quoted:
			i++
		case s[i] == '"':
			quoted = !quoted
		case s[i] == sep && !quoted:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// clip bounds the text of a key that is not an address.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64]
	}
	return s
}

type sourceCtxKey struct{}

// withSource keeps the request's source in its context, for the limits of what it makes the
// server do further down (a metadata document fetch).
func withSource(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, sourceCtxKey{}, key)
}

// sourceOf is the source withSource kept; "" outside a request.
func sourceOf(ctx context.Context) string {
	s, _ := ctx.Value(sourceCtxKey{}).(string)
	return s
}
