package doctor

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

type transportFunc func(*http.Request) (*http.Response, error)

func (f transportFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestRecorderKeepsTheAnswer(t *testing.T) {
	t.Parallel()
	const date = "Mon, 02 Jan 2006 15:04:05 GMT"
	rec := &recorder{base: transportFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: http.StatusTeapot, Header: http.Header{"Date": {date}}, Body: io.NopCloser(strings.NewReader(`{"ok":true}`)), Request: r}, nil
	})}
	resp, err := (&http.Client{Transport: rec}).Get("http://intervals.test/api/v1/athlete/0?x=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != `{"ok":true}` {
		t.Errorf("the caller read %q, want the whole answer", body)
	}
	xs := rec.taken()
	if len(xs) != 1 {
		t.Fatalf("%d exchanges recorded, want 1", len(xs))
	}
	if x := xs[0]; x.Method != "GET" || x.Path != "/api/v1/athlete/0" || x.Status != http.StatusTeapot || x.Date != date || string(x.Body) != `{"ok":true}` || x.Err != nil {
		t.Errorf("recorded %+v", x)
	}
}
