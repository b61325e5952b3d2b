package fakeicu

import (
	"net/http"
	"net/url"
	"strings"
	"time"
)

// router implements api.ServeMux for the spec's path templates, which Go's http.ServeMux
// rejects: a parameter may be glued to text inside a segment ("/streams{ext}",
// "/events{format}"). A glued parameter may be empty ("/events" matches "/events{format}"
// with format ""); a parameter that fills a whole segment may not. When several templates
// match a path, the one with the most literal characters wins, so "/events/bulk" beats
// "/events/{eventId}".
type router struct {
	routes []*route
	now    func() time.Time // for the timestamp of Spring's error body
}

// emptyParam stands for an empty glued parameter ("/events" for "/events{format}"): the
// generated wrappers refuse to bind "", so the router passes this instead and handlers read
// it back with param.
const emptyParam = "\x00"

// param returns a path parameter as sent: "" for emptyParam.
func param(v string) string {
	if v == emptyParam {
		return ""
	}
	return v
}

// route is one registered "METHOD /path" pattern.
type route struct {
	method  string
	path    string // the template, e.g. "/api/v1/athlete/{id}/events{format}"
	segs    [][]part
	literal int
	handler http.HandlerFunc
}

// part is a piece of a path segment: literal text, or a parameter when name is set.
type part struct {
	text string
	name string
}

// HandleFunc registers a handler for a pattern "METHOD /path/{param}/x{glued}".
func (rt *router) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		panic("fakeicu: route pattern without a method: " + pattern)
	}
	r := &route{method: method, path: path, handler: handler}
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		var parts []part
		rest := seg
		for rest != "" {
			open := strings.IndexByte(rest, '{')
			if open < 0 {
				parts = append(parts, part{text: rest})
				r.literal += len(rest)
				break
			}
			closing := strings.IndexByte(rest[open:], '}')
			if closing < 0 {
				panic("fakeicu: unclosed parameter in route pattern: " + pattern)
			}
			if open > 0 {
				parts = append(parts, part{text: rest[:open]})
				r.literal += open
			}
			parts = append(parts, part{name: rest[open+1 : open+closing]})
			rest = rest[open+closing+1:]
		}
		r.segs = append(r.segs, parts)
	}
	rt.routes = append(rt.routes, r)
}

// ServeHTTP dispatches to the best matching route: 404 when no template matches the path,
// 405 when templates match but none for this method.
func (rt *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	found, params, pathKnown := rt.lookup(r.Method, r.URL)
	switch {
	case found != nil:
		for name, value := range params {
			if value == "" {
				value = emptyParam // the generated wrappers reject an empty path parameter
			}
			r.SetPathValue(name, value)
		}
		found.handler(w, r)
	case pathKnown:
		writeSpringError(w, r, rt.now(), http.StatusMethodNotAllowed, "Method Not Allowed")
	default:
		writeSpringError(w, r, rt.now(), http.StatusNotFound, "Not Found")
	}
}

// lookup returns the best route for method and path with its parameters, and whether any
// route (of any method) matches the path.
func (rt *router) lookup(method string, u *url.URL) (*route, map[string]string, bool) {
	segs := strings.Split(strings.TrimPrefix(u.EscapedPath(), "/"), "/")
	var best *route
	var bestParams map[string]string
	pathKnown := false
	for _, r := range rt.routes {
		params, ok := r.match(segs)
		if !ok {
			continue
		}
		pathKnown = true
		if r.method != method {
			continue
		}
		if best == nil || r.literal > best.literal {
			best, bestParams = r, params
		}
	}
	return best, bestParams, pathKnown
}

// match matches escaped path segments against the route's template.
func (r *route) match(segs []string) (map[string]string, bool) {
	if len(segs) != len(r.segs) {
		return nil, false
	}
	params := map[string]string{}
	for i, parts := range r.segs {
		if len(parts) == 1 && parts[0].name != "" && segs[i] == "" {
			return nil, false // a whole-segment parameter is never empty
		}
		if !matchParts(parts, segs[i], params) {
			return nil, false
		}
	}
	for name, v := range params {
		u, err := url.PathUnescape(v)
		if err != nil {
			return nil, false
		}
		params[name] = u
	}
	return params, true
}

// matchParts matches one segment: a parameter takes the longest text (possibly none) that
// lets the rest of the segment match.
func matchParts(parts []part, seg string, params map[string]string) bool {
	if len(parts) == 0 {
		return seg == ""
	}
	p := parts[0]
	if p.name == "" {
		if !strings.HasPrefix(seg, p.text) {
			return false
		}
		return matchParts(parts[1:], seg[len(p.text):], params)
	}
	for end := len(seg); end >= 0; end-- {
		if matchParts(parts[1:], seg[end:], params) {
			params[p.name] = seg[:end]
			return true
		}
	}
	return false
}
