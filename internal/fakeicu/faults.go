package fakeicu

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FaultKind is what a fault does to a request.
type FaultKind int

const (
	// FaultStatus answers Status (401, 429, 5xx ...) without serving the request.
	FaultStatus FaultKind = iota + 1
	// FaultLatency delays the request by Delay, then serves it (latencies add up).
	FaultLatency
	// FaultDrop serves the request, sends the headers and half the body, then drops the
	// connection (through Transport: reading the body fails with io.ErrUnexpectedEOF).
	FaultDrop
	// FaultBadJSON serves the request, then answers 200 with its body cut in half.
	FaultBadJSON
	// FaultExtraField serves the request and adds a field the spec does not know
	// (ExtraField) to the object answered, or to each object of an array: how a new field
	// of Intervals.icu looks to a client generated from an older spec.
	FaultExtraField
	// FaultMisread serves the request, but a workout's text it writes is read with its first
	// step twice as long: Intervals.icu reading a step otherwise than the client meant.
	FaultMisread
	// FaultGhost answers 200 with a body that is not the answer, without serving the request:
	// a write reported done that did not happen (a proxy, a cut connection).
	FaultGhost
)

// ExtraField is the field FaultExtraField adds, with the value "extra".
const ExtraField = "fake_unknown_field"

// Fault makes matching requests fail. A request matches when every set filter matches.
// Count limits how many requests the fault hits (0: all); Skip lets the first Skip
// matching requests through first, so {Skip: 2, Count: 1, Writes: true} fails the third write.
type Fault struct {
	Kind       FaultKind
	Status     int           // FaultStatus: the status to answer
	RetryAfter time.Duration // FaultStatus: sent as Retry-After (whole seconds) when > 0
	Delay      time.Duration // FaultLatency
	// Finish (FaultLatency): the request is served after Delay even when its client has gone
	// meanwhile, as a real upstream finishes a request whose client was killed.
	Finish bool

	Method     string // e.g. "GET", "POST"; "" matches any
	PathPrefix string // e.g. "/api/v1/athlete/0/events"; "" matches any
	Operation  string // spec operationId, e.g. "createMultipleEvents"; "" matches any
	Writes     bool   // only POST, PUT, PATCH and DELETE
	Count      int
	Skip       int
}

// matches reports whether the fault's filters accept a request.
func (ft *Fault) matches(method, path, op string) bool {
	switch {
	case ft.Method != "" && !strings.EqualFold(ft.Method, method),
		ft.PathPrefix != "" && !strings.HasPrefix(path, ft.PathPrefix),
		ft.Operation != "" && ft.Operation != op,
		ft.Writes && !isWrite(method):
		return false
	}
	return true
}

// String formats the fault in the syntax ParseFault reads.
func (ft Fault) String() string {
	var kind string
	var opts []string
	switch ft.Kind {
	case FaultStatus:
		kind = strconv.Itoa(ft.Status)
		if ft.RetryAfter > 0 {
			opts = append(opts, "retry-after="+ft.RetryAfter.String())
		}
	case FaultLatency:
		kind = "latency"
		opts = append(opts, "delay="+ft.Delay.String())
	case FaultDrop:
		kind = "drop"
	case FaultBadJSON:
		kind = "badjson"
	case FaultExtraField:
		kind = "extrafield"
	case FaultMisread:
		kind = "misread"
	case FaultGhost:
		kind = "ghost"
	default:
		kind = "invalid"
	}
	for _, o := range []struct{ k, v string }{
		{"method", ft.Method}, {"path", ft.PathPrefix}, {"op", ft.Operation},
		{"count", nonZero(ft.Count)}, {"skip", nonZero(ft.Skip)},
	} {
		if o.v != "" {
			opts = append(opts, o.k+"="+o.v)
		}
	}
	if ft.Writes {
		opts = append(opts, "writes")
	}
	if ft.Finish {
		opts = append(opts, "finish")
	}
	if len(opts) == 0 {
		return kind
	}
	return kind + ":" + strings.Join(opts, ",")
}

func nonZero(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// isWrite reports whether a method changes data.
func isWrite(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// faultSet holds the injected faults and how much of each is left.
type faultSet struct {
	mu     sync.Mutex
	faults []*activeFault
}

type activeFault struct {
	Fault
	skip, left int // left < 0: unlimited
}

func (s *faultSet) add(faults ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ft := range faults {
		left := ft.Count
		if left == 0 {
			left = -1
		}
		s.faults = append(s.faults, &activeFault{Fault: ft, skip: ft.Skip, left: left})
	}
}

func (s *faultSet) clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// take consumes the faults that hit a request: the sum of the matching latencies, and the
// first matching fault of any other kind (nil if none); finish when a latency says that the
// request is served even if its client goes meanwhile.
func (s *faultSet) take(method, path, op string) (delay time.Duration, hit *Fault, finish bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, af := range s.faults {
		if af.left == 0 || !af.matches(method, path, op) {
			continue
		}
		if af.Kind != FaultLatency && hit != nil {
			continue
		}
		if af.skip > 0 {
			af.skip--
			continue
		}
		if af.left > 0 {
			af.left--
		}
		if af.Kind == FaultLatency {
			delay += af.Delay
			finish = finish || af.Finish
		} else {
			ft := af.Fault
			hit = &ft
		}
	}
	return delay, hit, finish
}

// ParseFault reads a fault in the command-line syntax "KIND[:OPT,OPT...]":
//
//	latency:200ms | latency:delay=200ms   add 200 ms before serving (finish: serve it even if the client has gone)
//	429 | 401 | 500 ... 599               answer that status (retry-after=SECONDS|DURATION)
//	drop                                  send half the body, then drop the connection
//	badjson                               answer 200 with the body cut in half
//	extrafield                            add the field fake_unknown_field to the answer
//	misread                               read a written workout's first step twice as long
//	ghost                                 answer 200 with a broken body, without serving
//
// with filters method=GET, path=/api/v1/athlete/0/events (a prefix), op=listEvents,
// writes (only POST/PUT/PATCH/DELETE), count=N (only N times), skip=N (after N matches).
// Example: "503:count=3,method=GET", "429:count=2,retry-after=1", "500:writes,skip=2,count=1".
func ParseFault(s string) (Fault, error) {
	kind, rest, _ := strings.Cut(strings.TrimSpace(s), ":")
	var ft Fault
	switch kind = strings.ToLower(kind); kind {
	case "latency":
		ft.Kind = FaultLatency
	case "drop":
		ft.Kind = FaultDrop
	case "badjson":
		ft.Kind = FaultBadJSON
	case "extrafield":
		ft.Kind = FaultExtraField
	case "misread":
		ft.Kind = FaultMisread
	case "ghost":
		ft.Kind = FaultGhost
	default:
		code, err := strconv.Atoi(kind)
		if err != nil || code < 400 || code > 599 {
			return Fault{}, fmt.Errorf("fault %q: kind must be latency, drop, badjson, extrafield, misread, ghost or an HTTP status 400-599", s)
		}
		ft.Kind, ft.Status = FaultStatus, code
	}
	if rest != "" {
		for _, opt := range strings.Split(rest, ",") {
			if err := ft.setOption(strings.TrimSpace(opt)); err != nil {
				return Fault{}, fmt.Errorf("fault %q: %w", s, err)
			}
		}
	}
	if ft.Kind == FaultLatency && ft.Delay <= 0 {
		return Fault{}, fmt.Errorf("fault %q: latency needs a duration, e.g. latency:200ms", s)
	}
	return ft, nil
}

// setOption applies one "key=value" (or bare) option of the fault syntax.
func (ft *Fault) setOption(opt string) error {
	key, val, hasVal := strings.Cut(opt, "=")
	number := func() (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%s=%q: want a whole number >= 0", key, val)
		}
		return n, nil
	}
	var err error
	switch strings.ToLower(key) {
	case "delay":
		ft.Delay, err = time.ParseDuration(val)
	case "retry-after":
		ft.RetryAfter, err = parseSeconds(val)
	case "method":
		ft.Method = strings.ToUpper(val)
	case "path":
		ft.PathPrefix = val
	case "op":
		ft.Operation = val
	case "count":
		ft.Count, err = number()
	case "skip":
		ft.Skip, err = number()
	case "writes":
		ft.Writes = true
	case "finish":
		ft.Finish = true
	default:
		if d, derr := time.ParseDuration(opt); !hasVal && derr == nil && ft.Kind == FaultLatency {
			ft.Delay = d
			return nil
		}
		return fmt.Errorf("unknown option %q (want delay, retry-after, method, path, op, count, skip or writes)", opt)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// parseSeconds reads "2" as two seconds, or a Go duration such as "1500ms".
func parseSeconds(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, nil
	}
	return time.ParseDuration(s)
}
