package main

import (
	"strings"
	"testing"
)

// client is the part of a generated client methodsTable reads, for the operations of spec:
// a call without a body, an upload with only its raw form, and a response type renamed for a
// collision (as resolve-type-name-collisions does).
const client = `package intervals

type ClientInterface interface {
	ListThings1(ctx context.Context, id string, params *ListThings1Params, reqEditors ...RequestEditorFn) (*http.Response, error)
	UploadThingWithBody(ctx context.Context, contentType string, body io.Reader, reqEditors ...RequestEditorFn) (*http.Response, error)
}

func (c *Client) ListThings1(ctx context.Context, id string, params *ListThings1Params, reqEditors ...RequestEditorFn) (*http.Response, error) {
	return nil, nil
}

func (c *ClientWithResponses) ListThings1WithResponse(ctx context.Context, id string, params *ListThings1Params, reqEditors ...RequestEditorFn) (*ListThings1Response, error) {
	return nil, nil
}

func (c *ClientWithResponses) UploadThingWithBodyWithResponse(ctx context.Context, contentType string, body io.Reader, reqEditors ...RequestEditorFn) (*UploadThingResponse2, error) {
	return nil, nil
}
`

func TestMethodsTableNamesWhatTheClientHas(t *testing.T) {
	src, err := methodsTable(fixed(t), []byte(client), "intervals")
	if err != nil {
		t.Fatal(err)
	}
	got := string(src)
	for _, want := range []string{
		"func (op Operation) ClientMethods() (m ClientMethods, ok bool) {",
		`case "ListThings1":` + "\n\t\treturn ClientMethods{Call: (*ClientWithResponses).ListThings1, Response: reflect.TypeFor[ListThings1Response]()}, true",
		`case "UploadThing":` + "\n\t\treturn ClientMethods{CallWithBody: (*ClientWithResponses).UploadThingWithBody, Response: reflect.TypeFor[UploadThingResponse2]()}, true",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the table lacks\n%s\nin\n%s", want, got)
		}
	}
	// The method of Client (not ClientWithResponses) is no WithResponse method.
	if strings.Count(got, "case ") != 2 {
		t.Errorf("want 2 cases:\n%s", got)
	}
}

func TestMethodsTableRefusesAnOperationTheClientLacks(t *testing.T) {
	for name, src := range map[string]string{
		"no WithResponse": strings.Replace(client, "ListThings1WithResponse", "Other", 1),
		"no call":         strings.Replace(client, "\tListThings1(ctx", "\tOther(ctx", 1),
	} {
		_, err := methodsTable(fixed(t), []byte(src), "intervals")
		if err == nil || !strings.Contains(err.Error(), "listThings_1") {
			t.Errorf("%s: err = %v, want one naming listThings_1", name, err)
		}
	}
	if _, err := methodsTable(fixed(t), []byte("package intervals\n"), "intervals"); err == nil || !strings.Contains(err.Error(), "client: true") {
		t.Errorf("a file without a client: err = %v", err)
	}
}
