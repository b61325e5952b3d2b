package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
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

func listWorkoutTemplates(ctx context.Context, env *manifest.Env, in libraryIn) (string, error) {
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
	u := ath.units
	if in.WorkoutID != 0 {
		return showTemplate(folders, in.WorkoutID, u, env.MaxChars())
	}
	word := strings.ToLower(strings.TrimSpace(in.Word))
	var items []string
	nFolders, nWorkouts := 0, 0
	for _, f := range folders {
		if in.Folder != "" && !strings.EqualFold(deref(f.Name), in.Folder) && fmt.Sprint(deref(f.Id)) != in.Folder {
			continue
		}
		var lines []string
		for _, w := range folderWorkouts(f) {
			if in.Sport != "" && !strings.EqualFold(deref(w.Type), in.Sport) {
				continue
			}
			if word != "" && !strings.Contains(strings.ToLower(deref(w.Name)+" "+deref(w.Description)), word) {
				continue
			}
			lines = append(lines, templateLine(w, u))
		}
		if len(lines) == 0 && (in.Sport != "" || word != "") {
			continue
		}
		nFolders++
		nWorkouts += len(lines)
		kind := "folder"
		if f.Type != nil && *f.Type == "PLAN" {
			kind = "plan"
		}
		items = append(items, fmt.Sprintf("# %s %q (id %d, %d workouts)", kind, deref(f.Name), deref(f.Id), len(lines)))
		items = append(items, lines...)
	}
	if in.Folder != "" && nFolders == 0 {
		var names []string
		for _, f := range folders {
			names = append(names, fmt.Sprintf("%q (%d)", deref(f.Name), deref(f.Id)))
		}
		return "", manifest.Errorf("no folder or plan %q; the library has %s", in.Folder, strings.Join(names, ", "))
	}
	head := fmt.Sprintf("Workout library of %s: %d folders/plans, %d workouts shown ([id] name: sport, duration, load; text).\nTo schedule one, call again with workout_id for its full text and pass that text as the description of add_or_update_event or a plan_sessions session, with the same sport.", nameOr(ath.Name, env.AthleteID), nFolders, nWorkouts)
	if len(items) == 0 {
		head += "\nNo workouts match."
	}
	return format.List{Head: head, Items: items, Noun: "lines", Hint: "filter by folder, sport or word"}.Render(env.MaxChars()), nil
}

// templateLine is one workout: id, name, sport, duration, load and the start of its text.
func templateLine(w intervals.Workout, u format.Units) string {
	line := fmt.Sprintf("- [%d] %s: %s", deref(w.Id), deref(w.Name), templateFacts(w, u))
	if txt := templateText(w); txt != "" {
		line += "; " + format.Clip(strings.ReplaceAll(txt, "\n", " | "), 90)
	}
	return line
}

// templateFacts lists a workout's sport, duration, distance and load.
func templateFacts(w intervals.Workout, u format.Units) string {
	var f []string
	if w.Type != nil {
		f = append(f, *w.Type)
	}
	if w.MovingTime != nil && *w.MovingTime > 0 {
		f = append(f, format.Duration(float64(*w.MovingTime)))
	}
	if w.Distance != nil && *w.Distance > 0 {
		f = append(f, u.Distance(float64(*w.Distance), deref(w.Type)))
	}
	if w.IcuTrainingLoad != nil {
		f = append(f, fmt.Sprintf("load %d", *w.IcuTrainingLoad))
	}
	return strings.Join(f, ", ")
}

// templateText is a workout's text without a first line that repeats its name.
func templateText(w intervals.Workout) string {
	txt := strings.TrimSpace(deref(w.Description))
	if first, rest, ok := strings.Cut(txt, "\n"); ok && strings.TrimSpace(first) == strings.TrimSpace(deref(w.Name)) {
		txt = strings.TrimSpace(rest)
	}
	var lines []string
	for _, l := range strings.Split(txt, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// showTemplate answers one workout in full.
func showTemplate(folders []intervals.Folder, id int, u format.Units, max int) (string, error) {
	for _, f := range folders {
		for _, w := range folderWorkouts(f) {
			if int(deref(w.Id)) != id {
				continue
			}
			out := fmt.Sprintf("- [%d] %s in %q: %s", deref(w.Id), deref(w.Name), deref(f.Name), templateFacts(w, u))
			txt := strings.TrimSpace(deref(w.Description))
			if txt == "" {
				txt = "(no workout text)"
			}
			return format.Clip(out+"\nWorkout text (pass it as the description, with sport "+deref(w.Type)+"):\n"+txt, max), nil
		}
	}
	return "", manifest.Errorf("no workout %d in the library: list_workout_templates without workout_id shows the ids", id)
}

func folderWorkouts(f intervals.Folder) []intervals.Workout {
	if f.Children == nil {
		return nil
	}
	return *f.Children
}
