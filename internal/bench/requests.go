package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// Question is one of the common questions and the upstream requests its call sent.
type Question struct {
	Ask        string
	Tool       string
	Args       string
	Operations []string // the Intervals.icu operations asked, in order
	IsError    bool
	Text       string // the answer the model reads
	Tokens     int    // its size in o200k tokens
}

// CommonQuestions asks the eight common questions of a session, one after the other on one
// server runtime (as one client's session does, profile cache and all), on the demo athlete
// at the sample calls' clock, and returns each answer, its size and the upstream requests
// it sent. The closest Go peer takes 35 requests for the same eight.
func CommonQuestions(tools []manifest.Tool) ([]Question, error) {
	cat, err := server.NewCatalog(tools, manifest.Filter{Toolsets: manifest.DefaultToolsets, ReadOnly: true})
	if err != nil {
		return nil, err
	}
	now := func() time.Time { return samples.Now }
	rt, fake, err := demoRuntimeWith(fakeicu.Options{Now: now, LogRequests: true})
	if err != nil {
		return nil, err
	}
	a := fake.World().Athletes[0]
	loc, err := time.LoadLocation(*a.Profile.Timezone)
	if err != nil {
		return nil, err
	}
	today := samples.Now.In(loc)
	date := func(days int) string { return today.AddDate(0, 0, days).Format("2006-01-02") }
	ride := ""
	for _, act := range a.Activities {
		if act.Type != nil && *act.Type == "Ride" {
			ride = *act.Id
		}
	}
	qs := []Question{
		{Ask: "activities of the last 30 days", Tool: "get_activities", Args: fmt.Sprintf(`{"oldest":%q}`, date(-29))},
		{Ask: "one ride", Tool: "get_activity_details", Args: fmt.Sprintf(`{"activity_id":%q}`, ride)},
		{Ask: "its streams", Tool: "get_activity_streams", Args: fmt.Sprintf(`{"activity_id":%q}`, ride)},
		{Ask: "wellness of the last 30 days", Tool: "get_wellness_data", Args: fmt.Sprintf(`{"oldest":%q}`, date(-29))},
		{Ask: "the next 14 days", Tool: "get_events", Args: fmt.Sprintf(`{"oldest":%q,"newest":%q}`, date(0), date(13))},
		{Ask: "the power curve", Tool: "get_athlete_power_curves", Args: `{}`},
		{Ask: "the context", Tool: "get_athlete_context", Args: `{}`},
		{Ask: "the load projection", Tool: "get_training_load", Args: `{}`},
	}
	fake.TakeRequests()
	for i := range qs {
		res := cat.Call(context.Background(), rt, qs[i].Tool, json.RawMessage(qs[i].Args), nil)
		qs[i].IsError = res.IsError
		qs[i].Text = res.Text
		if qs[i].Tokens, err = Tokens(res.Text); err != nil {
			return nil, err
		}
		for _, r := range fake.TakeRequests() {
			qs[i].Operations = append(qs[i].Operations, r.Operation)
		}
	}
	return qs, nil
}

// AnswerTokens is what the questions' answers take in all, in o200k tokens.
func AnswerTokens(qs []Question) int {
	n := 0
	for _, q := range qs {
		n += q.Tokens
	}
	return n
}

// Requests is how many upstream requests the questions sent in all.
func Requests(qs []Question) int {
	n := 0
	for _, q := range qs {
		n += len(q.Operations)
	}
	return n
}
