package intervals

import (
	"strings"
	"sync"
)

// route is one entry of Operations prepared for matching request paths.
type route struct {
	op       Operation
	segments [][]part // the template's segments ("/" apart), each a run of literals and parameters
	literal  int      // characters of the template outside {params}: more is more specific
	params   int
}

// part is a literal piece of a segment, or a parameter (param true).
type part struct {
	text  string
	param bool
	whole bool // a parameter that is its whole segment: one or more characters; else any, "" too
}

// routes prepares Operations once, on first use: a route is its template cut into segments,
// matched piece by piece (a regular expression per operation kept 0.7 MB of compiled
// programs for the life of the process, and ran for every request an Observer names).
var routes = sync.OnceValue(func() []route {
	rs := make([]route, 0, len(Operations))
	for _, op := range Operations {
		rs = append(rs, compileRoute(op))
	}
	return rs
})

// compileRoute cuts a path template into its segments. A parameter that fills a whole
// segment ("/events/{eventId}") matches one or more characters; a parameter glued to text
// ("/streams{ext}", "/events{format}") may also be empty, because the API documents "" as one
// of its values.
func compileRoute(op Operation) route {
	r := route{op: op}
	for _, seg := range strings.Split(strings.TrimPrefix(op.Path, "/"), "/") {
		var parts []part
		rest := seg
		for rest != "" {
			open := strings.IndexByte(rest, '{')
			closing := strings.IndexByte(rest, '}')
			if open < 0 || closing < open {
				parts = append(parts, part{text: rest})
				r.literal += len(rest)
				break
			}
			if open > 0 {
				parts = append(parts, part{text: rest[:open]})
				r.literal += open
			}
			r.params++
			parts = append(parts, part{param: true, whole: open == 0 && closing == len(rest)-1 && rest == seg})
			rest = rest[closing+1:]
		}
		r.segments = append(r.segments, parts)
	}
	return r
}

// match reports whether path ("/a/b/c") fills r's template.
func (r *route) match(path string) bool {
	rest, ok := strings.CutPrefix(path, "/")
	if !ok {
		return false
	}
	for i, parts := range r.segments {
		seg, tail, more := strings.Cut(rest, "/")
		if more != (i < len(r.segments)-1) || !matchSegment(parts, seg) {
			return false
		}
		rest = tail
	}
	return true
}

// matchSegment reports whether seg (no "/") is filled by parts.
func matchSegment(parts []part, seg string) bool {
	if len(parts) == 0 {
		return seg == ""
	}
	p := parts[0]
	if !p.param {
		rest, ok := strings.CutPrefix(seg, p.text)
		return ok && matchSegment(parts[1:], rest)
	}
	if p.whole {
		return seg != ""
	}
	for n := 0; n <= len(seg); n++ { // the parameter takes seg[:n]
		if matchSegment(parts[1:], seg[n:]) {
			return true
		}
	}
	return false
}

// OperationFor finds the operation a request is for, from its method and URL path (for
// example "GET", "/api/v1/athlete/i1/events/42" gives showEvent). When several templates
// match, the one with the most literal text wins, so "/events/bulk" beats "/events/{eventId}"
// and "/streams.csv" beats "/streams{ext}". It reports false for paths outside the API.
func OperationFor(method, path string) (Operation, bool) {
	method = strings.ToUpper(method)
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	var best *route
	for i := range routes() {
		r := &routes()[i]
		if r.op.Method != method || !r.match(path) {
			continue
		}
		if best == nil || r.literal > best.literal || (r.literal == best.literal && r.params < best.params) {
			best = r
		}
	}
	if best == nil {
		return Operation{}, false
	}
	return best.op, true
}
