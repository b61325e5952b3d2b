package format

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// LibraryFolder is a folder or plan of the workout library with the workouts to show of it.
type LibraryFolder struct {
	Folder   intervals.Folder
	Workouts []intervals.Workout
}

// Library is the answer of list_workout_templates: how to schedule a workout, then each
// folder or plan with one line per workout (facts and the start of its text), within max.
func (u Units) Library(athlete string, folders []LibraryFolder, max int) string {
	var items []string
	workouts := 0
	for _, f := range folders {
		kind := "folder"
		if f.Folder.Type != nil && *f.Folder.Type == "PLAN" {
			kind = "plan"
		}
		items = append(items, fmt.Sprintf("# %s %q (id %d, %d workouts)", kind, str(f.Folder.Name), derefI(f.Folder.Id), len(f.Workouts)))
		for _, w := range f.Workouts {
			items = append(items, u.templateLine(w))
		}
		workouts += len(f.Workouts)
	}
	head := fmt.Sprintf("Workout library of %s: %d folders/plans, %d workouts shown ([id] name: sport, duration, load; text).\nTo schedule one, call again with workout_id for its full text and pass that text as the description of add_or_update_event or a plan_sessions session, with the same sport.", athlete, len(folders), workouts)
	if len(items) == 0 {
		head += "\nNo workouts match."
	}
	return List{Head: head, Items: items, Noun: "lines", Hint: "filter by folder, sport or word"}.Render(max)
}

// LibraryWorkout is one workout of the library in full, with the text to schedule it by.
func (u Units) LibraryWorkout(folder string, w intervals.Workout, max int) string {
	out := fmt.Sprintf("- [%d] %s in %q: %s", derefI(w.Id), str(w.Name), folder, u.templateFacts(w))
	txt := strings.TrimSpace(str(w.Description))
	if txt == "" {
		txt = "(no workout text)"
	}
	return Clip(out+"\nWorkout text (pass it as the description, with sport "+str(w.Type)+"):\n"+txt, max)
}

// templateLine is one workout: id, name, sport, duration, load and the start of its text.
func (u Units) templateLine(w intervals.Workout) string {
	line := fmt.Sprintf("- [%d] %s: %s", derefI(w.Id), str(w.Name), u.templateFacts(w))
	if txt := templateText(w); txt != "" {
		line += "; " + Clip(strings.ReplaceAll(txt, "\n", " | "), 90)
	}
	return line
}

// templateFacts lists a workout's sport, duration, distance and load, each only when known.
func (u Units) templateFacts(w intervals.Workout) string {
	var f []string
	if w.Type != nil {
		f = append(f, *w.Type)
	}
	if w.MovingTime != nil && *w.MovingTime > 0 {
		f = append(f, Duration(float64(*w.MovingTime)))
	}
	if w.Distance != nil && *w.Distance > 0 {
		f = append(f, u.Distance(float64(*w.Distance), str(w.Type)))
	}
	if w.IcuTrainingLoad != nil {
		f = append(f, fmt.Sprintf("load %d", *w.IcuTrainingLoad))
	}
	return strings.Join(f, ", ")
}

// templateText is a workout's text without blank lines and without a first line that
// repeats its name.
func templateText(w intervals.Workout) string {
	txt := strings.TrimSpace(str(w.Description))
	if first, rest, ok := strings.Cut(txt, "\n"); ok && strings.TrimSpace(first) == strings.TrimSpace(str(w.Name)) {
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
