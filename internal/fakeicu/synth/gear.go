package synth

import (
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// gearFor makes the athlete's bikes and shoes; their totals are added up from the
// activities afterwards (addUse).
func (p person) gearFor(n *ids, first time.Time) ([]api.Gear, gearSet) {
	bought := day(first, -120).Format(dateLayout) + "T00:00:00"
	mk := func(t api.GearType, name, notes string, types ...string) api.Gear {
		n.filter++
		filters := []api.ActivityFilter{{Id: ptr(n.filter), FieldId: ptr(api.ActivityFilterFieldIdType), Value: types, Not: ptr(false)}}
		g := api.Gear{Id: ptr(n.nextGear()), AthleteId: ptr(p.id), Type: ptr(t), Name: ptr(name),
			Purchased: ptr(bought), Distance: ptr(float32(0)), Time: ptr(float32(0)), Activities: ptr(int32(0)),
			UseElapsedTime: ptr(false), Component: ptr(false), Reminders: &[]api.GearReminder{},
			ActivityFilters: &filters}
		if notes != "" {
			g.Notes = ptr(notes)
		}
		return g
	}
	gear := []api.Gear{
		mk(api.GearTypeBike, map[bool]string{true: "Canyon Endurace CF 7", false: "Trek Domane SL 6"}[p.primary], "", "Ride"),
		mk(api.GearTypeBike, "Tacx Neo 2T trainer bike", "indoor", "VirtualRide"),
		mk(api.GearTypeShoes, "Nike Pegasus 41", "", "Run"),
		mk(api.GearTypeShoes, "Saucony Endorphin Speed 4", "races and intervals", "Run"),
	}
	return gear, gearSet{road: *gear[0].Id, trainer: *gear[1].Id, shoes: *gear[2].Id, fastShoes: *gear[3].Id}
}

// addUse adds each activity's distance and moving time to the gear it used.
func addUse(gear []api.Gear, acts []done) {
	for i := range gear {
		g := &gear[i]
		for _, a := range acts {
			if a.act.Gear == nil || *a.act.Gear.Id != *g.Id {
				continue
			}
			*g.Distance += *a.act.Distance
			*g.Time += float32(*a.act.MovingTime)
			*g.Activities++
		}
	}
}
