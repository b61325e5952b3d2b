package auth

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestSourceKey(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("2001:db8:ffff::/48")}
	xff := clientAddrs{trusted: proxies, header: "X-Forwarded-For"}
	fwd := clientAddrs{trusted: proxies, header: "Forwarded"}
	cases := []struct {
		name   string
		a      clientAddrs
		remote string
		header []string
		want   string
	}{
		{"no proxy trusted: the header is not read", clientAddrs{header: "X-Forwarded-For"}, "10.0.0.1:443", []string{"203.0.113.9"}, "ip4:10.0.0.1"},
		{"an untrusted peer's header is not read", xff, "198.51.100.66:5000", []string{"203.0.113.9"}, "ip4:198.51.100.66"},
		{"behind the proxy: the address it saw", xff, "10.0.0.1:443", []string{"203.0.113.9"}, "ip4:203.0.113.9"},
		{"what the client sent left of it is ignored", xff, "10.0.0.1:443", []string{"1.1.1.1, 10.0.0.7, 203.0.113.9"}, "ip4:203.0.113.9"},
		{"through two trusted proxies", xff, "10.0.0.1:443", []string{"203.0.113.9, 10.0.0.2"}, "ip4:203.0.113.9"},
		{"over several header lines", xff, "10.0.0.1:443", []string{"1.1.1.1", "203.0.113.9, 10.0.0.2"}, "ip4:203.0.113.9"},
		{"with a port", xff, "10.0.0.1:443", []string{"203.0.113.9:61000"}, "ip4:203.0.113.9"},
		{"all trusted: the left-most", xff, "10.0.0.1:443", []string{"10.0.0.5"}, "ip4:10.0.0.5"},
		{"no header from the proxy: the proxy", xff, "10.0.0.1:443", nil, "ip4:10.0.0.1"},
		{"what the proxy could not name", xff, "10.0.0.1:443", []string{"1.1.1.1, unknown"}, "hop:unknown"},
		{"IPv6 by /64", xff, "[2001:db8:ffff::1]:443", []string{"2001:db8:1:2:aaaa:bbbb:cccc:dddd"}, "ip6:2001:db8:1:2::/64"},
		{"IPv6 connecting, by /64", clientAddrs{}, "[2001:db8:1:2::99]:5000", nil, "ip6:2001:db8:1:2::/64"},
		{"IPv4-mapped IPv6 is IPv4", clientAddrs{}, "[::ffff:203.0.113.9]:5000", nil, "ip4:203.0.113.9"},
		{"a zone is dropped", clientAddrs{}, "[fe80::1%eth0]:5000", nil, "ip6:fe80::/64"},
		{"Forwarded: the right-most for=", fwd, "10.0.0.1:443", []string{`for=1.1.1.1;proto=https, for="[2001:db8:cafe::17]:4711";by=10.0.0.1`}, "ip6:2001:db8:cafe::/64"},
		{"Forwarded: quoted, with a comma inside quotes", fwd, "10.0.0.1:443", []string{`for="203.0.113.9";host="a,b"`}, "ip4:203.0.113.9"},
		{"Forwarded: through a trusted hop", fwd, "10.0.0.1:443", []string{"for=203.0.113.9, for=10.0.0.2"}, "ip4:203.0.113.9"},
		{"Forwarded: an obfuscated client", fwd, "10.0.0.1:443", []string{"for=_hidden"}, "hop:_hidden"},
		{"Forwarded: X-Forwarded-For is not read", fwd, "10.0.0.1:443", nil, "ip4:10.0.0.1"},
		{"not an address", clientAddrs{}, "@", nil, "hop:@"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/authorize", nil)
		r.RemoteAddr = c.remote
		for _, v := range c.header {
			r.Header.Add(c.a.header, v)
		}
		if c.a.header == "Forwarded" {
			r.Header.Set("X-Forwarded-For", "1.1.1.1")
		}
		if got := c.a.sourceKey(r); got != c.want {
			t.Errorf("%s: %s from %s = %q, want %q", c.name, c.header, c.remote, got, c.want)
		}
	}
}
