package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// chart_fitness: fitness, fatigue and form of the past weeks and projected over the planned
// sessions, as get_training_load computes them (projectTrainingLoad), form zones shaded and
// races marked.

type chartFitnessIn struct {
	Weeks int  `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=26" jsonschema_description:"Past weeks (default 12)"`
	Days  int  `json:"days,omitempty" jsonschema:"minimum=1,maximum=120" jsonschema_description:"Days projected (default 28)"`
	PNG   bool `json:"png,omitempty" jsonschema_description:"Send a PNG too"`
}

func chartFitnessTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_fitness",
		Title:       "Fitness chart",
		Description: "Chart: fitness, fatigue, form of past weeks, projected over planned sessions; form zones, races.",
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents", "listFitnessModelEvents"},
	}, chartFitness)
}

func chartFitness(ctx context.Context, env *toolcall.Env, in chartFitnessIn) (string, error) {
	if in.Weeks == 0 {
		in.Weeks = 12
	}
	if in.Days == 0 {
		in.Days = 28
	}
	d, err := projectTrainingLoad(ctx, env, trainingLoadIn{Weeks: in.Weeks, Days: in.Days})
	if err != nil {
		return "", err
	}
	return sendChart(ctx, env, fitnessChart(d, env, in), in.PNG)
}

// fitnessChart is the chart of a training-load projection.
func fitnessChart(d *trainingLoad, env *toolcall.Env, in chartFitnessIn) *charts.Chart {
	f := &charts.Fitness{Zones: charts.FormZones}
	byDate := map[string]load.Day{}
	for _, day := range d.series {
		projected := day.Planned || day.Date >= d.t.Today
		if day.Date == d.t.Today && d.t.Now.Date == d.t.Today {
			// One "today" in chart and text: Intervals.icu's values so far, the line
			// get_training_load leads with; the projection goes on from them.
			day, projected = d.t.Now, false
		}
		byDate[day.Date] = day
		f.Days = append(f.Days, charts.FitnessDay{Date: day.Date, Fitness: day.Fitness, Fatigue: day.Fatigue, Form: day.Form, Load: day.Load, Projected: projected})
	}
	if d.t.TodayOpen > 0 && d.t.Now.Date == d.t.Today {
		s := d.t.Start // the end of today with its sessions still to do
		f.AfterToday = &charts.FitnessDay{Date: s.Date, Fitness: s.Fitness, Fatigue: s.Fatigue, Form: s.Form, Load: d.t.TodayOpen, Projected: true}
	}
	for _, r := range d.t.Races {
		if _, ok := byDate[r.Date]; ok {
			f.Races = append(f.Races, charts.Race{Date: r.Date, Name: r.Name, Category: r.Category, FormIn: r.Form})
		}
	}
	return &charts.Chart{
		Kind: "fitness", Title: "Fitness, fatigue and form", Athlete: nameOr(d.ath.Name, env.AthleteID),
		TimeZone: d.ath.Location.String(), Today: d.t.Today, Tool: "chart_fitness",
		Args: charts.Args{Weeks: in.Weeks, Days: in.Days}, Fitness: f,
	}
}
