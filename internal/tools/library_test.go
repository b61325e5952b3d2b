package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestWorkoutTemplatesList(t *testing.T) {
	env := newEnv(serve(t, libraryStub(t), stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "list_workout_templates").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		`# folder "Workouts" (id 85936, 1 workouts)`,
		"- [3] Z2.E7 // FatMax // 3x 20 (10) mins [60]: Ride, 2:30:00, load 91; - 20m 50% | 2x | - 20m 70%",
		`# plan "Base" (id 9, 1 workouts)`,
		"add_or_update_event",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in:\n%s", w, out)
		}
	}
	golden(t, "list_workout_templates", "folders", out, nil)

	out, err = toolNamed(t, "list_workout_templates").Run(context.Background(), env, json.RawMessage(`{"sport":"run"}`))
	if err != nil || strings.Contains(out, "FatMax") || !strings.Contains(out, "Easy run") {
		t.Errorf("sport filter: %v\n%s", err, out)
	}
}

func TestWorkoutTemplateInFull(t *testing.T) {
	env := newEnv(serve(t, libraryStub(t), stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "list_workout_templates").Run(context.Background(), env, json.RawMessage(`{"workout_id":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "- 20m 70%\n- 10m 50%\n\n- 20m 70%") && !strings.Contains(out, "2x\n- 20m 70%\n- 10m 50%") {
		t.Errorf("the full text (repeat block and blank lines) is not shown as written:\n%s", out)
	}
	golden(t, "list_workout_templates", "full", out, nil)
	if _, err := toolNamed(t, "list_workout_templates").Run(context.Background(), env, json.RawMessage(`{"workout_id":4}`)); err == nil {
		t.Error("an unknown workout id should be an error")
	}
	if _, err := toolNamed(t, "list_workout_templates").Run(context.Background(), env, json.RawMessage(`{"folder":"Nope"}`)); err == nil || !strings.Contains(err.Error(), `"Workouts" (85936)`) {
		t.Errorf("an unknown folder should list the folders: %v", err)
	}
}
