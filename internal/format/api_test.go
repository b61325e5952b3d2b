package format

import (
	"fmt"
	"strings"
	"testing"
)

func TestAPICallHidesSecrets(t *testing.T) {
	body := []byte(`{"id": "i1", "icu_api_key": "s3cr3t", "name": "Ann"}`)
	got := APICall(APIAnswer{Method: "GET", Path: "/api/v1/athlete/i1", Code: 200, Status: "OK", Type: "application/json", Body: body}, 4000)
	if got != `GET /api/v1/athlete/i1: 200 OK`+"\n"+`{"id":"i1","icu_api_key":"(hidden)","name":"Ann"}` {
		t.Errorf("got %q", got)
	}
}

func TestAPICallCutsAnArrayAtAWholeElement(t *testing.T) {
	var els []string
	for i := range 100 {
		els = append(els, fmt.Sprintf(`{"id":%d,"name":"Session number %d"}`, i, i))
	}
	const max = 1000
	got := apiBody([]byte("["+strings.Join(els, ",")+"]"), "application/json", max)
	if n := len(got); n > max {
		t.Errorf("answer has %d characters, budget %d", n, max)
	}
	data, note, _ := strings.Cut(got, "\n")
	if !strings.HasSuffix(data, `"}]`) || !strings.HasPrefix(note, "… showing ") || !strings.HasSuffix(note, " of 100 items; narrow the request (dates, limit, fields)") {
		t.Errorf("want whole elements and the count left out:\n%s", got)
	}
	if got := apiBody([]byte{0x89, 'P', 'N', 'G', 0}, "image/png", max); !strings.HasPrefix(got, "binary content (image/png, 5 bytes), not shown") {
		t.Errorf("binary: %q", got)
	}
}
