package intervals_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// fakeIntervals stands in for https://intervals.icu so the examples run offline.
func fakeIntervals() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if user, _, _ := r.BasicAuth(); user != "API_KEY" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/api/v1/athlete/0/activities":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `[
				{"id":"i189807578","start_date_local":"2026-09-24T16:25:25","type":"Run","name":"Evening run","distance":10012.4},
				{"id":"i189757177","start_date_local":"2026-09-23T18:59:48","type":"Ride","name":"Tempo ride","distance":40250.0}
			]`)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"status":404,"error":"Not Found"}`)
		}
	}))
}

// List the activities of the athlete behind an API key.
func ExampleNew() {
	srv := fakeIntervals()
	defer srv.Close()

	c, err := intervals.New(intervals.Options{
		APIKey:  "your-api-key", // from https://intervals.icu/settings, Developer Settings
		BaseURL: srv.URL,        // leave empty for https://intervals.icu
	})
	if err != nil {
		log.Fatal(err)
	}
	// Athlete id "0" is the athlete behind the key.
	resp, err := c.ListActivitiesWithResponse(context.Background(), "0",
		&intervals.ListActivitiesParams{Oldest: "2026-09-01"})
	if err != nil {
		log.Fatal(err) // an *intervals.Error for any answer that is not 2xx
	}
	for _, a := range *resp.JSON200 {
		if a.Type == nil || a.Name == nil {
			continue // a Strava-sourced activity: the API sends it without its data
		}
		fmt.Println(*a.StartDateLocal, *a.Type, *a.Name)
	}
	// Output:
	// 2026-09-24T16:25:25 Run Evening run
	// 2026-09-23T18:59:48 Ride Tempo ride
}

// Tell the user what went wrong: every answer that is not 2xx is an *Error with a hint.
func ExampleError() {
	srv := fakeIntervals()
	defer srv.Close()

	c, err := intervals.New(intervals.Options{APIKey: "your-api-key", BaseURL: srv.URL})
	if err != nil {
		log.Fatal(err)
	}
	_, err = c.ShowEventWithResponse(context.Background(), "0", 42)
	var apiErr *intervals.Error
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.Operation, apiErr.Status)
		fmt.Println(apiErr.Hint)
	}
	// Output:
	// showEvent 404
	// not found: check the id (athlete ids look like i12345; events and activities must belong to this athlete)
}
