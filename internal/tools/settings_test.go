package tools

import (
	"strings"
	"testing"
)

func TestGearListsEveryItem(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "get_gear_list", `{}`)
	for _, g := range demoAthlete(t, f).Gear {
		if !strings.Contains(out, `"`+*g.Name+`" [`+*g.Id+`]`) {
			t.Errorf("gear %s %q missing:\n%s", *g.Id, *g.Name, out)
		}
	}
}
