package format

import (
	"fmt"
	"strings"
)

// CoachedAthlete is what list_athletes shows of an athlete; decode the raw answer into it
// (its schema carries some 200 settings fields).
type CoachedAthlete struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Timezone string   `json:"timezone"`
	City     string   `json:"city"`
	Country  string   `json:"country"`
	Tags     []string `json:"tags"`
}

// CoachedAthletes is the answer of list_athletes: one line per athlete with the id a coach
// passes as athlete, within max; an account that coaches nobody is told how access is shared.
func CoachedAthletes(list []CoachedAthlete, max int) string {
	if len(list) == 0 {
		return "This account coaches no athletes (on Intervals.icu an athlete shares access with a coach from their settings)."
	}
	items := make([]string, len(list))
	for i, a := range list {
		f := []string{a.ID, a.Name}
		if a.Timezone != "" {
			f = append(f, a.Timezone)
		}
		if place := strings.Trim(a.City+", "+a.Country, ", "); place != "" {
			f = append(f, place)
		}
		if len(a.Tags) > 0 {
			f = append(f, "tags "+strings.Join(a.Tags, ", "))
		}
		items[i] = "- " + strings.Join(f, "; ")
	}
	head := fmt.Sprintf("%d athletes coached. Pass the id as athlete to any tool to read or plan for that athlete.", len(list))
	return List{Head: head, Items: items, Noun: "athletes", Hint: "the list is cut to the answer budget"}.Render(max)
}
