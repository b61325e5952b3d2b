package intervals

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestUploadSendsMultipartFileAndReplaysItOn429 uploads an activity file; the first attempt
// is refused with 429, so the same multipart body must arrive twice.
func TestUploadSendsMultipartFileAndReplaysItOn429(t *testing.T) {
	const content = "\x0e\x10fake FIT bytes"
	var (
		mu    sync.Mutex
		files []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/v1/athlete/0/activities" {
			http.NotFound(w, r)
			return
		}
		f, hdr, err := r.FormFile("file")
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b, _ := io.ReadAll(f)
		mu.Lock()
		files = append(files, hdr.Filename+":"+string(b))
		n := len(files)
		mu.Unlock()
		if n == 1 {
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"icu_athlete_id":"i1","activities":[{"id":"i77"}]}`)
	}))
	defer srv.Close()
	ct, body, err := NewMultipartFile("file", "ride.fit", strings.NewReader(content))
	if err != nil {
		t.Fatal(err)
	}
	c := newTestClient(t, srv, Options{RateLimit: -1}, newFakeClock())
	resp, err := c.UploadActivityWithBodyWithResponse(context.Background(), "0", nil, ct, body)
	if err != nil {
		t.Fatalf("UploadActivity: %v", err)
	}
	if resp.StatusCode() != http.StatusCreated {
		t.Errorf("status = %d, want 201", resp.StatusCode())
	}
	want := "ride.fit:" + content
	if len(files) != 2 || files[0] != want || files[1] != want {
		t.Errorf("server received %q, want %q twice", files, want)
	}
}

func TestNewMultipartFileRejectsMissingParts(t *testing.T) {
	if _, _, err := NewMultipartFile("", "a.fit", strings.NewReader("x")); err == nil {
		t.Error("empty field: no error")
	}
	if _, _, err := NewMultipartFile("file", "", strings.NewReader("x")); err == nil {
		t.Error("empty filename: no error")
	}
	if _, _, err := NewMultipartFile("file", "a.fit", nil); err == nil {
		t.Error("nil reader: no error")
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestNewMultipartFileReportsReadErrors(t *testing.T) {
	_, _, err := NewMultipartFile("file", "a.fit", failingReader{})
	if err == nil || !strings.Contains(err.Error(), "a.fit") {
		t.Errorf("err = %v, want a read error naming the file", err)
	}
}
