package synth

import (
	"math/rand/v2"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// library is the primary athlete's workout library: folders of structured workouts.
func (p person) library(n *ids, r *rand.Rand, updated time.Time) ([]api.Folder, []api.Workout) {
	type entry struct {
		folder, target string
		sports         []api.SportType
		ws             []workout
	}
	shelves := []entry{
		{"Threshold", "POWER", []api.SportType{api.SportTypeRide, api.SportTypeVirtualRide},
			[]workout{rideThreshold(r), rideSweetSpot(r), rideVO2(r), rideTempo(r)}},
		{"Run intervals", "PACE", []api.SportType{api.SportTypeRun},
			[]workout{runIntervals(r), runTempo(r), runLong(r, 90)}},
		{"Swim", "PACE", []api.SportType{api.SportTypeSwim},
			[]workout{swimCSS(r), swimAerobic(r)}},
	}
	var folders []api.Folder
	var all []api.Workout
	for _, sh := range shelves {
		n.folder++
		fid := n.folder
		var kids []api.Workout
		for _, w := range sh.ws {
			n.wkout++
			t := p.t
			if w.sport == "VirtualRide" {
				t.ftp = p.indoorFTP
			}
			segs := w.segments(t, 1)
			l, intensity := loadOf(segs)
			doc := w.doc(t)
			wo := api.Workout{
				Id: ptr(n.wkout), AthleteId: ptr(p.id), FolderId: ptr(fid), Name: ptr(w.name),
				Description: ptr(w.text(t)), Type: ptr(w.sport), MovingTime: ptr(int32(segs[len(segs)-1].End)),
				IcuTrainingLoad: i32(l), IcuIntensity: f32(intensity*100, 4), WorkoutDoc: &doc,
				Indoor: ptr(w.sport == "VirtualRide"), Distance: ptr(float32(w.metres())),
				Targets: &[]api.WorkoutTargets{api.WorkoutTargets(w.target())}, Updated: stamp(updated),
				HideFromAthlete: ptr(false), Joules: ptr(int32(0)), JoulesAboveFtp: ptr(int32(0)),
			}
			if isRide(w.sport) {
				j := 0.0
				for _, sg := range segs {
					j += float64(t.ftp) * sg.Intensity * float64(sg.End-sg.Start)
				}
				wo.Joules, wo.JoulesAboveFtp = i32(j), i32(joulesAbove(segs, t.ftp))
			}
			kids = append(kids, wo)
			all = append(all, wo)
		}
		folders = append(folders, api.Folder{
			Id: ptr(fid), AthleteId: ptr(p.id), Type: ptr(api.FolderTypeFOLDER), Name: ptr(sh.folder),
			Description: ptr(""), Children: &kids, NumWorkouts: ptr(int32(len(kids))), ActivityTypes: &sh.sports,
			Visibility: ptr(api.FolderVisibilityPRIVATE), CanEdit: ptr(true),
		})
	}
	return folders, all
}

// customItems are the primary athlete's charts and custom fields.
func (p person) customItems(n *ids, updated time.Time) []api.CustomItem {
	mk := func(t api.CustomItemType, name, descr string, content map[string]any) api.CustomItem {
		n.item++
		return api.CustomItem{Id: ptr(n.item), AthleteId: ptr(p.id), Type: ptr(t), Name: ptr(name),
			Description: ptr(descr), Content: &content, Visibility: ptr(api.CustomItemVisibilityPRIVATE),
			Index: ptr(n.item % 100), Updated: stamp(updated), UsageCount: ptr(int32(0))}
	}
	return []api.CustomItem{
		mk(api.CustomItemTypeFITNESSCHART, "Fitness and HRV", "Fitness, fatigue and form with HRV over 90 days",
			map[string]any{"days": 90, "series": []any{"ctl", "atl", "form", "hrv"}}),
		mk(api.CustomItemTypeACTIVITYFIELD, "Efficiency", "Normalised power per heartbeat",
			map[string]any{"code": "Efficiency", "type": "numeric", "decimals": 2,
				"script": "icu.activity.icu_weighted_avg_watts / icu.activity.average_heartrate"}),
		mk(api.CustomItemTypeINTERVALFIELD, "W/kg", "Interval average power per kilogram",
			map[string]any{"code": "WKg", "type": "numeric", "decimals": 2,
				"script": "interval.average_watts / activity.icu_weight"}),
	}
}

// comments are a few remarks on the latest activities: the athlete's own and another's.
func comments(n *ids, acts []done, self, other person) map[string][]api.Message {
	out := map[string][]api.Message{}
	texts := []string{"Legs felt heavy on the first rep, better after.", "Good pacing, hold this for the race.", "Windy out there today."}
	k := 0
	for i := len(acts) - 1; i >= 0 && k < 3; i-- {
		a := acts[i]
		author := self
		if k == 1 {
			author = other
		}
		n.message++
		created := a.sess.start.Add(time.Duration(*a.act.ElapsedTime+3600) * time.Second)
		out[*a.act.Id] = append(out[*a.act.Id], api.Message{
			Id: ptr(n.message), ActivityId: a.act.Id, AthleteId: ptr(author.id), Name: ptr(author.first + " " + author.last),
			Type: ptr(api.MessageTypeTEXT), Content: ptr(texts[k]), Created: stamp(created), Seen: ptr(k != 1),
		})
		k++
	}
	return out
}
