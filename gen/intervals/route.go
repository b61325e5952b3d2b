package intervals

import (
	"regexp"
	"strings"
	"sync"
)

// route is one entry of Operations compiled for matching request paths.
type route struct {
	op      Operation
	re      *regexp.Regexp
	literal int // characters of the template outside {params}: more is more specific
	params  int
}

// routes compiles Operations once, on first use.
var routes = sync.OnceValue(func() []route {
	rs := make([]route, 0, len(Operations))
	for _, op := range Operations {
		rs = append(rs, compileRoute(op))
	}
	return rs
})

// compileRoute turns a path template into an anchored regular expression. A parameter that
// fills a whole segment ("/events/{eventId}") matches one or more characters; a parameter
// glued to text ("/streams{ext}", "/events{format}") may also be empty, because the API
// documents "" as one of its values.
func compileRoute(op Operation) route {
	r := route{op: op}
	var re strings.Builder
	re.WriteString("^")
	for _, seg := range strings.Split(strings.TrimPrefix(op.Path, "/"), "/") {
		re.WriteString("/")
		rest := seg
		for rest != "" {
			open := strings.IndexByte(rest, '{')
			closing := strings.IndexByte(rest, '}')
			if open < 0 || closing < open {
				re.WriteString(regexp.QuoteMeta(rest))
				r.literal += len(rest)
				break
			}
			re.WriteString(regexp.QuoteMeta(rest[:open]))
			r.literal += open
			r.params++
			if open == 0 && closing == len(rest)-1 && rest == seg {
				re.WriteString("[^/]+")
			} else {
				re.WriteString("[^/]*")
			}
			rest = rest[closing+1:]
		}
	}
	re.WriteString("$")
	r.re = regexp.MustCompile(re.String())
	return r
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
		if r.op.Method != method || !r.re.MatchString(path) {
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
