package fakeicu

import (
	"slices"
	"testing"
)

func TestTakeRequestsNamesEachRequestsOperation(t *testing.T) {
	f := newTestFake(t, Options{LogRequests: true})
	f.Inject(Fault{Kind: FaultStatus, Status: 503, Operation: "listGear", Count: 1})
	call(t, f, "GET", "/api/v1/athlete/0", "")
	call(t, f, "GET", "/api/v1/athlete/0/gear", "")
	call(t, f, "GET", "/api/v1/nowhere", "")
	want := []Request{
		{Method: "GET", Path: "/api/v1/athlete/0", Operation: "getAthlete"},
		{Method: "GET", Path: "/api/v1/athlete/0/gear", Operation: "listGear"}, // faulted, still logged
		{Method: "GET", Path: "/api/v1/nowhere"},
	}
	if got := f.TakeRequests(); !slices.Equal(got, want) {
		t.Errorf("requests:\n got %+v\nwant %+v", got, want)
	}
	if got := f.TakeRequests(); len(got) != 0 {
		t.Errorf("a second take returned %+v, want none", got)
	}
}

func TestNoRequestLogUnlessAsked(t *testing.T) {
	f := newTestFake(t, Options{})
	call(t, f, "GET", "/api/v1/athlete/0", "")
	if got := f.TakeRequests(); len(got) != 0 {
		t.Errorf("a fake without LogRequests kept %+v", got)
	}
}
