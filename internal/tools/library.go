package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// list_workout_templates shows the athlete's workout library (folders and plans, with their
// workouts) and how to put one on the calendar: a library workout's text is Intervals.icu
// workout syntax, which add_or_update_event and plan_sessions take as a session's description.

type libraryIn struct {
	Folder    string `json:"folder,omitempty" jsonschema_description:"Only this folder or plan (name or id)"`
	Sport     string `json:"sport,omitempty" jsonschema_description:"Only this sport, e.g. Ride"`
	Word      string `json:"word,omitempty" jsonschema_description:"Only workouts whose name or text contains this"`
	WorkoutID int    `json:"workout_id,omitempty" jsonschema_description:"Show this workout in full"`
}

func listWorkoutTemplatesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "list_workout_templates",
		Title:       "Workout library",
		Description: "Lists the workout library: folders, plans and workouts (sport, duration, load, text). workout_id shows one workout's full text to schedule with add_or_update_event or plan_sessions.",
		Toolset:     manifest.Library,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listFolders"},
	}, listWorkoutTemplates)
}

func listWorkoutTemplates(ctx context.Context, env *toolcall.Env, in libraryIn) (string, error) {
	sport, err := sportArg(in.Sport)
	if err != nil {
		return "", err
	}
	in.Sport = sport
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.ListFoldersWithResponse(ctx, env.AthleteID)
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("read the workout library: %w", err))
	}
	var folders []intervals.Folder
	if resp.JSON200 != nil {
		folders = *resp.JSON200
	}
	if in.WorkoutID != 0 {
		for _, f := range folders {
			for _, w := range folderWorkouts(f) {
				if int(deref(w.Id)) == in.WorkoutID {
					return ath.units.LibraryWorkout(deref(f.Name), w, env.MaxChars()), nil
				}
			}
		}
		return "", manifest.Errorf("no workout %d in the library: list_workout_templates without workout_id shows the ids", in.WorkoutID)
	}
	word := strings.ToLower(strings.TrimSpace(in.Word))
	var shown []format.LibraryFolder
	for _, f := range folders {
		if in.Folder != "" && !strings.EqualFold(deref(f.Name), in.Folder) && fmt.Sprint(deref(f.Id)) != in.Folder {
			continue
		}
		var ws []intervals.Workout
		for _, w := range folderWorkouts(f) {
			if in.Sport != "" && !strings.EqualFold(deref(w.Type), in.Sport) {
				continue
			}
			if word != "" && !strings.Contains(strings.ToLower(deref(w.Name)+" "+deref(w.Description)), word) {
				continue
			}
			ws = append(ws, w)
		}
		if len(ws) == 0 && (in.Sport != "" || word != "") {
			continue
		}
		shown = append(shown, format.LibraryFolder{Folder: f, Workouts: ws})
	}
	if in.Folder != "" && len(shown) == 0 {
		var names []string
		for _, f := range folders {
			names = append(names, fmt.Sprintf("%q (%d)", deref(f.Name), deref(f.Id)))
		}
		return "", manifest.Errorf("no folder or plan %q; the library has %s", in.Folder, strings.Join(names, ", "))
	}
	return ath.units.Library(nameOr(ath.Name, env.AthleteID), shown, env.MaxChars()), nil
}

func folderWorkouts(f intervals.Folder) []intervals.Workout {
	if f.Children == nil {
		return nil
	}
	return *f.Children
}
