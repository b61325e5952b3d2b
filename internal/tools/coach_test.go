package tools

import (
	"context"
	"strings"
	"testing"
)

func TestListAthletes(t *testing.T) {
	s := &coachStub{answers: map[string]string{
		"GET /api/v1/athletes": `[{"id":"i2","name":"Léa","timezone":"Europe/Paris","city":"Lyon","country":"France","tags":["marathon"]},{"id":"i3","name":"Marc"}]`,
	}}
	env := coachStubEnv(t, s, recordsNow)
	out, err := coachingTool(t, "list_athletes").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "- i2; Léa; Europe/Paris; Lyon, France; tags marathon\n- i3; Marc") {
		t.Errorf("answer:\n%s", out)
	}
	coachingGolden(t, "list_athletes", out)
}
