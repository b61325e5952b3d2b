package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// apiOp is one operation of intervals.Operations matched to its method on the typed client
// (Operation.ClientMethods: found by a generated switch, not by reflect's MethodByName, which
// would make the linker keep every exported method of the binary).
// The generated methods take, after the context, the path parameters in path order, then a
// *XxxParams for query parameters (if any), then either a typed JSON body (Xxx) or a content
// type and a reader (XxxWithBody). The tool calls the undecoded forms (Xxx, XxxWithBody),
// which return the *http.Response: the answer is shown as the API sent it, even where the
// generated model could not decode it.
type apiOp struct {
	op        intervals.Operation
	method    reflect.Value // the method expression called: XxxWithBody when there is a body
	withBody  bool          // method takes a content type and a reader
	pathNames []string
	pathTypes []reflect.Type
	params    reflect.Type // the XxxParams struct, or nil
	body      reflect.Type // the JSON body type, or nil
	upload    bool         // the body is a file (multipart or CSV): not callable here
}

// isAthleteParam says whether a path parameter is the athlete's id, which the tool fills in.
func (a *apiOp) isAthleteParam(name string) bool {
	return name == "athleteId" || (name == "id" && strings.HasPrefix(a.op.Path, "/api/v1/athlete/{id}"))
}

// isFormatParam says whether a path parameter is a format suffix glued to the path
// (`/wellness{ext}`): optional, "" meaning JSON.
func (a *apiOp) isFormatParam(name string) bool {
	i := strings.Index(a.op.Path, "{"+name+"}")
	return (name == "ext" || name == "format") && i > 0 && a.op.Path[i-1] != '/'
}

// buildArgs turns the call's arguments into the client method's arguments, validating them.
func (a *apiOp) buildArgs(ctx context.Context, env *toolcall.Env, in apiCallIn) ([]reflect.Value, error) {
	docs := intervals.ParamDocs(a.op.OperationID)
	for name := range in.Params {
		if _, ok := docs[name]; !ok && !slices.Contains(a.pathNames, name) {
			return nil, manifest.Errorf("%s has no parameter %q; its parameters: %s", a.op.OperationID, name, strings.Join(apiParamNames(a, docs), ", "))
		}
	}
	args := []reflect.Value{reflect.ValueOf(env.Client), reflect.ValueOf(ctx)}
	for i, name := range a.pathNames {
		raw, given := in.Params[name]
		switch {
		case a.isAthleteParam(name):
			if given {
				var s string
				if json.Unmarshal(raw, &s) != nil || s != env.AthleteID {
					return nil, manifest.Errorf("%s is the athlete's id and is filled in (%s): leave it out (coaches choose the athlete with the athlete argument)", name, env.AthleteID)
				}
			}
			raw = json.RawMessage(strconv.Quote(env.AthleteID))
		case !given && a.isFormatParam(name):
			raw = json.RawMessage(`""`)
		case !given:
			return nil, manifest.Errorf("%s needs the path parameter %q", a.op.OperationID, name)
		}
		if string(raw) == `""` && a.isFormatParam(name) {
			args = append(args, reflect.ValueOf("").Convert(a.pathTypes[i]))
			continue
		}
		v, err := apiPathValue(name, raw, a.pathTypes[i])
		if err != nil {
			return nil, err
		}
		args = append(args, v)
	}
	if a.params != nil {
		p, err := a.queryParams(in.Params, docs)
		if err != nil {
			return nil, err
		}
		args = append(args, p)
	}
	switch {
	case a.withBody && len(in.Body) == 0:
		return nil, manifest.Errorf("%s takes a JSON body (%s): pass it as body; api_describe_operation shows its properties", a.op.OperationID, apiBodyShape(a.body))
	case a.withBody:
		dec := json.NewDecoder(bytes.NewReader(in.Body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(reflect.New(a.body).Interface()); err != nil {
			return nil, manifest.Errorf("body does not fit %s: %v; api_describe_operation shows its properties", apiBodyShape(a.body), err)
		}
		args = append(args, reflect.ValueOf("application/json"), reflect.ValueOf(io.Reader(bytes.NewReader(in.Body))))
	case len(in.Body) > 0 && string(in.Body) != "null":
		return nil, manifest.Errorf("%s takes no body: leave body out", a.op.OperationID)
	}
	return args, nil
}

// queryParams decodes the query arguments into the operation's Params struct, whose JSON
// names are the API's parameter names, so that types are checked by decoding.
func (a *apiOp) queryParams(params map[string]json.RawMessage, docs map[string]intervals.FieldDoc) (reflect.Value, error) {
	query := map[string]json.RawMessage{}
	for name, raw := range params {
		if d, ok := docs[name]; ok && d.In == "query" {
			query[name] = apiCoerce(raw, d.Type)
		}
	}
	var missing []string
	for name, d := range docs {
		if _, ok := query[name]; d.In == "query" && d.Required && !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return reflect.Value{}, manifest.Errorf("%s needs the query parameter(s) %s", a.op.OperationID, strings.Join(missing, ", "))
	}
	b, err := json.Marshal(query)
	if err != nil {
		return reflect.Value{}, manifest.Errorf("params: %v", err)
	}
	p := reflect.New(a.params)
	if err := manifest.Decode(b, p.Interface()); err != nil {
		return reflect.Value{}, manifest.Errorf("%s params: %v", a.op.OperationID, err)
	}
	return p, nil
}

// apiMaxRead bounds how much of an answer is read: far more than any budget shows, so
// that a count of the items left out stays right for lists, without holding a whole
// archive in memory.
const apiMaxRead = 8 << 20

var (
	readerType  = reflect.TypeFor[io.Reader]()
	pathParamRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{([^}]+)\}`) })
)

// lookupAPIOp finds an operation by operationId and matches it to the client.
func lookupAPIOp(id string) (*apiOp, error) {
	for _, op := range intervals.Operations {
		if op.OperationID == id {
			return matchAPIOp(op)
		}
	}
	for _, op := range intervals.Operations {
		if strings.EqualFold(op.OperationID, id) {
			return nil, manifest.Errorf("unknown operation %q: did you mean %s?", id, op.OperationID)
		}
	}
	return nil, manifest.Errorf("unknown operation %q: find its operationId with api_list_operations", id)
}

func matchAPIOp(op intervals.Operation) (*apiOp, error) {
	a := &apiOp{op: op}
	for _, m := range pathParamRE().FindAllStringSubmatch(op.Path, -1) {
		a.pathNames = append(a.pathNames, m[1])
	}
	methods, _ := op.ClientMethods() // the zero value, no method, for an unknown operation
	plain, withBody := reflect.ValueOf(methods.Call), reflect.ValueOf(methods.CallWithBody)
	hasPlain, hasBody := plain.IsValid(), withBody.IsValid()
	switch {
	case hasBody && !hasPlain:
		a.upload, a.method, a.withBody = true, withBody, true
	case hasBody:
		a.method, a.withBody = withBody, true
	case hasPlain:
		a.method = plain
	default:
		return nil, fmt.Errorf("operation %s: the client has no method %s", op.OperationID, op.GoName)
	}
	// In(0) is the receiver, In(1) the context; the last is the variadic request editors.
	mt := a.method.Type()
	args := []reflect.Type{}
	for i := 2; i < mt.NumIn()-1; i++ {
		args = append(args, mt.In(i))
	}
	if len(args) < len(a.pathNames) {
		return nil, fmt.Errorf("operation %s: %d path parameters but the client method takes %d arguments", op.OperationID, len(a.pathNames), len(args))
	}
	a.pathTypes, args = args[:len(a.pathNames)], args[len(a.pathNames):]
	if len(args) > 0 && args[0].Kind() == reflect.Pointer && strings.HasSuffix(args[0].Elem().Name(), "Params") {
		a.params, args = args[0].Elem(), args[1:]
	}
	if hasBody && hasPlain {
		// The typed variant's last argument before the editors is the body type.
		a.body = plain.Type().In(plain.Type().NumIn() - 2)
	}
	if hasBody && (len(args) != 2 || args[1] != readerType) {
		return nil, fmt.Errorf("operation %s: unexpected body arguments %v", op.OperationID, args)
	}
	if !hasBody && len(args) != 0 {
		return nil, fmt.Errorf("operation %s: unexpected arguments %v", op.OperationID, args)
	}
	return a, nil
}

func apiBodyShape(t reflect.Type) string {
	if t.Kind() == reflect.Slice {
		return "a JSON array of " + apiSchemaName(t) + " objects (see below)"
	}
	return "a " + apiSchemaName(t) + " object"
}

func apiSchemaName(t reflect.Type) string {
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

type apiCallIn struct {
	Operation string                     `json:"operation" jsonschema_description:"operationId from api_list_operations"`
	Params    map[string]json.RawMessage `json:"params,omitempty" jsonschema_description:"Path and query parameters by name; the athlete id is filled in"`
	Body      json.RawMessage            `json:"body,omitempty" jsonschema_description:"The JSON body, for operations that take one"`
}

func apiCallOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_call_operation",
		Title:       "Call an API operation",
		Description: "Calls one Intervals.icu API operation by operationId with validated params and JSON body; the athlete id is filled in. Writes reach training data only. Only GET when read-only. Describe it first.",
		Toolset:     manifest.API,
		Access:      manifest.Destructive,
	}, apiCallOperation)
}

func apiCallOperation(ctx context.Context, env *toolcall.Env, in apiCallIn) (string, error) {
	return callAPIOperation(ctx, env, in, false)
}

// apiCallGetOperationTool is api_call_operation as a read-only server lists it, in place
// of the one that can write: a read tool that refuses every operation but GET.
func apiCallGetOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:            "api_call_operation",
		Title:           "Call an API operation",
		Description:     "Calls one Intervals.icu API GET operation by operationId with validated params; the athlete id is filled in. This server is read-only: other methods are refused. Describe it first.",
		Toolset:         manifest.API,
		Access:          manifest.Read,
		ReadOnlyVariant: true,
	}, apiCallGetOperation)
}

func apiCallGetOperation(ctx context.Context, env *toolcall.Env, in apiCallIn) (string, error) {
	return callAPIOperation(ctx, env, in, true)
}

// callAPIOperation calls the operation in.Operation; with getOnly, only a GET.
func callAPIOperation(ctx context.Context, env *toolcall.Env, in apiCallIn, getOnly bool) (string, error) {
	op, err := lookupAPIOp(in.Operation)
	if err != nil {
		return "", err
	}
	if getOnly && op.op.Method != http.MethodGet {
		if env.Caller.Scopes != nil && !slices.Contains(env.Caller.Scopes, "intervals:write") { // the bearer's scope is the reason, not the server
			return "", manifest.Errorf("%s is a %s operation and this token is read-only (intervals:read): only GET operations can be called with it. Reconnect and allow read and write to change data", op.op.OperationID, op.op.Method)
		}
		return "", manifest.Errorf("%s is a %s operation and this server is read-only: only GET operations can be called", op.op.OperationID, op.op.Method)
	}
	if op.upload {
		return "", manifest.Errorf("%s uploads a file (multipart/form-data or CSV) and cannot be called through this tool: use Intervals.icu directly", op.op.OperationID)
	}
	if err := apiGuard(op); err != nil {
		return "", err
	}
	args, err := op.buildArgs(ctx, env, in)
	if err != nil {
		return "", err
	}
	out := op.method.Call(args)
	if e, _ := out[1].Interface().(error); e != nil {
		return "", athleteAccessError(env, fmt.Errorf("%s: %w", op.op.OperationID, e))
	}
	hr := out[0].Interface().(*http.Response)
	defer hr.Body.Close()
	body, err := io.ReadAll(io.LimitReader(hr.Body, apiMaxRead))
	if err != nil {
		return "", fmt.Errorf("%s: reading the answer: %w", op.op.OperationID, err)
	}
	return format.APICall(format.APIAnswer{Method: op.op.Method, Path: hr.Request.URL.Path, Code: hr.StatusCode, Status: http.StatusText(hr.StatusCode),
		Type: hr.Header.Get("Content-Type"), Body: body}, env.MaxChars()), nil
}

// apiCoerce turns a string given for a number, a boolean or an array parameter into that
// type ("10" for 10, "true" for true, "a,b" for ["a","b"]), as a query string would carry
// it; anything else is left for decoding to check.
func apiCoerce(raw json.RawMessage, typ string) json.RawMessage {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return raw
	}
	switch typ {
	case "integer", "number", "boolean":
		var v any
		if json.Unmarshal([]byte(strings.TrimSpace(s)), &v) == nil {
			if _, isStr := v.(string); !isStr && v != nil {
				return json.RawMessage(strings.TrimSpace(s))
			}
		}
	case "array":
		parts := strings.Split(s, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		b, _ := json.Marshal(parts)
		return b
	}
	return raw
}

// pathSegment refuses a path parameter that could change the path it goes into: empty, "."
// or "..", with a separator, a query or fragment mark, an escape, white space or a control
// character, or longer than an id. Intervals.icu's ids and names of path parameters are
// letters, digits and - _ : .
func pathSegment(name, v string) error {
	if v == "" || v == "." || v == ".." || len(v) > 64 || !pathSafe().MatchString(v) {
		return manifest.Errorf("path parameter %s: %s is not an id (letters, digits, - _ : . only)", name, excerpt(v))
	}
	return nil
}

var pathSafe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_:.\-]+$`) })

// apiPathValue converts one path parameter to the client's type for it.
func apiPathValue(name string, raw json.RawMessage, t reflect.Type) (reflect.Value, error) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = strings.TrimSpace(string(raw)) // a number, or an array for []string
	}
	switch t.Kind() {
	case reflect.String:
		if raw[0] == '[' || raw[0] == '{' {
			return reflect.Value{}, manifest.Errorf("path parameter %s: expected a string", name)
		}
		if err := pathSegment(name, s); err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(s).Convert(t), nil
	case reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, t.Bits())
		if err != nil {
			return reflect.Value{}, manifest.Errorf("path parameter %s: expected an integer id, got %s", name, raw)
		}
		return reflect.ValueOf(n).Convert(t), nil
	case reflect.Slice:
		var list []string
		if json.Unmarshal(raw, &list) != nil {
			list = strings.Split(s, ",")
		}
		if len(list) == 0 || list[0] == "" {
			return reflect.Value{}, manifest.Errorf("path parameter %s: give one or more ids", name)
		}
		for _, v := range list {
			if err := pathSegment(name, v); err != nil {
				return reflect.Value{}, err
			}
		}
		return reflect.ValueOf(list).Convert(t), nil
	}
	return reflect.Value{}, fmt.Errorf("path parameter %s: unsupported type %v", name, t)
}
