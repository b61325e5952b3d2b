package format

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// ZoneUpdate is a change of a sport's thresholds by update_training_zone.
type ZoneUpdate struct {
	Sport            string                  // the sport the settings are named for
	Before           intervals.SportSettings // the settings before the change
	FTP, LTHR, MaxHR *int32                  // the new values, nil when not changed
	Pace             float64                 // the new threshold pace in m/s, 0 when not changed
	After            intervals.SportSettings // the settings after the change
}

// ZoneUpdate is the answer of update_training_zone: what changed from what, how the zones
// follow, and the zones now in absolute units.
func (u Units) ZoneUpdate(z ZoneUpdate) string {
	var changes []string
	for _, c := range []struct {
		name, unit string
		old, new   *int32
	}{{"FTP", "W", z.Before.Ftp, z.FTP}, {"LTHR", "bpm", z.Before.Lthr, z.LTHR}, {"max HR", "bpm", z.Before.MaxHr, z.MaxHR}} {
		if c.new != nil {
			changes = append(changes, fmt.Sprintf("%s %s → %d %s", c.name, withUnit(c.old, c.unit, "unset"), *c.new, c.unit))
		}
	}
	if z.Pace > 0 {
		old := "unset"
		if p := z.Before.ThresholdPace; p != nil && *p > 0 {
			old = u.Pace(float64(*p), z.Sport)
		}
		changes = append(changes, fmt.Sprintf("threshold pace %s → %s", old, u.Pace(z.Pace, z.Sport)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Updated %s settings (%s): %s.\n", z.Sport, strings.Join(SportTypes(z.Before), ", "), strings.Join(changes, ", "))
	b.WriteString("Intervals.icu keeps power and pace zones as % of threshold, so they follow.")
	if z.LTHR != nil || z.MaxHR != nil {
		b.WriteString(" Heart rate zones (bpm) were recomputed from LTHR and max HR.")
	}
	b.WriteString(" Zones now (upper bounds):\n")
	b.WriteString(u.zoneBounds(z.After, z.Sport))
	out := strings.TrimRight(b.String(), "\n")
	if in := z.After.IndoorFtp; z.FTP != nil && in != nil && *in > 0 && *in != *z.FTP {
		out += fmt.Sprintf("\nIndoor FTP is still %d W: a setting of its own, which Intervals.icu uses for indoor rides. Change it on intervals.icu (the %s settings).", *in, z.Sport)
	}
	return out
}

// zoneBounds lists the zones of a sport's settings in absolute units, one line per kind.
func (u Units) zoneBounds(s intervals.SportSettings, sport string) string {
	var b strings.Builder
	if s.Ftp != nil && s.PowerZones != nil {
		var z []string
		for i, pct := range *s.PowerZones {
			if pct >= 999 {
				z = append(z, fmt.Sprintf("Z%d above", i+1))
				continue
			}
			z = append(z, fmt.Sprintf("Z%d %d%% %.0f W", i+1, pct, float64(*s.Ftp)*float64(pct)/100))
		}
		fmt.Fprintf(&b, "- power (FTP %d W): %s\n", *s.Ftp, strings.Join(z, ", "))
	}
	if s.ThresholdPace != nil && *s.ThresholdPace > 0 && s.PaceZones != nil {
		var z []string
		for i, pct := range *s.PaceZones {
			if pct >= 999 {
				z = append(z, fmt.Sprintf("Z%d faster", i+1))
				continue
			}
			z = append(z, fmt.Sprintf("Z%d %s%% %s", i+1, strconv.FormatFloat(float64(pct), 'f', -1, 32), u.SettingsPace(float64(*s.ThresholdPace)*float64(pct)/100, s, sport)))
		}
		fmt.Fprintf(&b, "- pace (threshold %s; %% of threshold speed): %s\n", u.SettingsPace(float64(*s.ThresholdPace), s, sport), strings.Join(z, ", "))
	}
	if s.HrZones != nil {
		var z []string
		for i, bpm := range *s.HrZones {
			z = append(z, fmt.Sprintf("Z%d %d", i+1, bpm))
		}
		fmt.Fprintf(&b, "- heart rate (LTHR %s, max %s): %s bpm\n", withUnit(s.Lthr, "bpm", "unset"), withUnit(s.MaxHr, "bpm", "unset"), strings.Join(z, ", "))
	}
	if b.Len() == 0 {
		return "- no zones set for this sport\n"
	}
	return b.String()
}

// paceZonePaces writes the pace at each pace zone's upper bound (a % of threshold speed) in
// the sport's pace unit: "min/km 5:23/4:45/4:25/4:10/4:02/3:44/faster", the open last zone
// "faster"; "" without a threshold pace.
func (u Units) paceZonePaces(s intervals.SportSettings, sport string) string {
	tp, ok := f32(s.ThresholdPace)
	if !ok || tp <= 0 || s.PaceZones == nil || len(*s.PaceZones) == 0 {
		return ""
	}
	var paces []string
	unit := ""
	for _, pct := range *s.PaceZones {
		if pct >= 999 {
			paces = append(paces, "faster")
			continue
		}
		p, per, _ := strings.Cut(u.SettingsPace(tp*float64(pct)/100, s, sport), "/")
		paces, unit = append(paces, p), per
	}
	if unit == "" {
		return ""
	}
	return "min/" + unit + " " + strings.Join(paces, "/")
}
