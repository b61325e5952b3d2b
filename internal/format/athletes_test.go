package format

import (
	"strings"
	"testing"
)

func TestCoachedAthleteLineOmitsWhatIsNotSet(t *testing.T) {
	got := CoachedAthletes([]CoachedAthlete{
		{ID: "i1", Name: "Ann", Timezone: "Europe/Paris", City: "Lyon", Country: "France", Tags: []string{"tri", "elite"}},
		{ID: "i2", Name: "Bob", Country: "Chile"},
	}, 4000)
	want := "2 athletes coached. Pass the id as athlete to any tool to read or plan for that athlete.\n" +
		"- i1; Ann; Europe/Paris; Lyon, France; tags tri, elite\n" +
		"- i2; Bob; Chile"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := CoachedAthletes(nil, 4000); !strings.HasPrefix(got, "This account coaches no athletes") {
		t.Errorf("no athletes: %q", got)
	}
}
