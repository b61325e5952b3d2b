package synth

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestGearTotalsAddUpTheActivities(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		dist, secs, n := map[string]float64{}, map[string]float64{}, map[string]int32{}
		for _, act := range a.Activities {
			if act.Gear == nil {
				if act.Type != nil && *act.Type != "Swim" {
					t.Errorf("%s: a %s without gear", *act.Id, *act.Type)
				}
				continue
			}
			dist[*act.Gear.Id] += float64(*act.Distance)
			secs[*act.Gear.Id] += float64(*act.MovingTime)
			n[*act.Gear.Id]++
		}
		bikes, shoes := 0, 0
		for _, g := range a.Gear {
			id := *g.Id
			if math.Abs(float64(*g.Distance)-dist[id]) > 0.001*dist[id]+1 || float64(*g.Time) != secs[id] || *g.Activities != n[id] {
				t.Errorf("gear %s: %v m, %v s, %d activities; the activities add up to %v m, %v s, %d",
					id, *g.Distance, *g.Time, *g.Activities, dist[id], secs[id], n[id])
			}
			switch *g.Type {
			case api.GearTypeBike:
				bikes++
			case api.GearTypeShoes:
				shoes++
			}
		}
		if bikes != 2 || shoes != 2 {
			t.Errorf("%s: %d bikes and %d pairs of shoes, want 2 and 2", *a.Profile.Id, bikes, shoes)
		}
	}
}

func TestSportSettings(t *testing.T) {
	p := testWorld(t).Athletes[0]
	if diff := cmp.Diff(p.SportSettings, *p.Profile.SportSettings); diff != "" {
		t.Errorf("profile sportSettings differ from sport-settings (-want +got):\n%s", diff)
	}
	bySport := map[api.SportType]api.SportSettings{}
	for _, s := range p.SportSettings {
		bySport[(*s.Types)[0]] = s
	}
	ride, run, swim := bySport[api.SportTypeRide], bySport[api.SportTypeRun], bySport[api.SportTypeSwim]
	if _, ok := bySport[api.SportTypeOther]; !ok {
		t.Error("no settings for Other")
	}
	if ride.Ftp == nil || *ride.Ftp != 250 || ride.IndoorFtp == nil || len(*ride.PowerZones) != 7 || len(*ride.PowerZoneNames) != 7 {
		t.Errorf("ride settings: ftp %v, indoor ftp %v, zones %v", ride.Ftp, ride.IndoorFtp, ride.PowerZones)
	}
	if *run.PaceUnits != api.SportSettingsPaceUnitsMINSKM || *run.ThresholdPace < 3 || *run.ThresholdPace > 5 {
		t.Errorf("run: threshold pace %v m/s in %v", *run.ThresholdPace, *run.PaceUnits)
	}
	if *swim.PaceUnits != api.SportSettingsPaceUnitsSECS100M || *swim.ThresholdPace < 0.7 || *swim.ThresholdPace > 1.3 {
		t.Errorf("swim: threshold pace %v m/s in %v", *swim.ThresholdPace, *swim.PaceUnits)
	}
	for _, s := range []api.SportSettings{ride, run, swim} {
		hz := *s.HrZones
		if *s.Lthr <= 0 || *s.MaxHr != hz[len(hz)-1] || len(*s.HrZoneNames) != len(hz) {
			t.Errorf("%v: lthr %v, max hr %v, hr zones %v", (*s.Types)[0], *s.Lthr, *s.MaxHr, hz)
		}
	}
}

func TestLibraryFoldersHoldTheWorkouts(t *testing.T) {
	p := testWorld(t).Athletes[0]
	if len(p.Folders) < 2 || len(p.Workouts) < 6 || len(p.Workouts) > 10 {
		t.Fatalf("%d folders, %d workouts; want 2-3 folders and 6-10 workouts", len(p.Folders), len(p.Workouts))
	}
	var inFolders []api.Workout
	for _, f := range p.Folders {
		for _, w := range *f.Children {
			if *w.FolderId != *f.Id {
				t.Errorf("workout %d is in folder %d but says folder %d", *w.Id, *f.Id, *w.FolderId)
			}
			if *w.Description == "" || *w.MovingTime <= 0 || *w.IcuTrainingLoad <= 0 {
				t.Errorf("workout %d: text %q, %d s, load %d", *w.Id, *w.Description, *w.MovingTime, *w.IcuTrainingLoad)
			}
		}
		inFolders = append(inFolders, *f.Children...)
	}
	if diff := cmp.Diff(p.Workouts, inFolders); diff != "" {
		t.Errorf("Workouts differ from the folders' children (-want +got):\n%s", diff)
	}
}

func TestCustomItemsAndComments(t *testing.T) {
	p := testWorld(t).Athletes[0]
	types := map[api.CustomItemType]bool{}
	for _, c := range p.CustomItems {
		types[*c.Type] = true
	}
	for _, want := range []api.CustomItemType{api.CustomItemTypeFITNESSCHART, api.CustomItemTypeACTIVITYFIELD, api.CustomItemTypeINTERVALFIELD} {
		if !types[want] {
			t.Errorf("no %s custom item", want)
		}
	}
	acts := map[string]bool{}
	for _, act := range p.Activities {
		acts[*act.Id] = true
	}
	n := 0
	for id, msgs := range p.Messages {
		if !acts[id] {
			t.Errorf("comments on %s, which is not the athlete's activity", id)
		}
		for _, m := range msgs {
			if *m.ActivityId != id || *m.Content == "" {
				t.Errorf("comment %d on %s: activity %s, content %q", *m.Id, id, *m.ActivityId, *m.Content)
			}
			n++
		}
	}
	if n < 2 {
		t.Errorf("%d comments, want a few", n)
	}
}
