package synth

import "math"

// doc is the workout_doc Intervals.icu derives from a workout's text: the steps with their
// targets (and, under "_power", "_hr", "_pace", the targets resolved to watts, bpm and m/s),
// the total duration and distance, and the time planned in each zone.
func (w workout) doc(t thresholds) map[string]any {
	speed := t.speed(w.sport)
	ride := speed == 0
	hr := hrZones(t.lthr, t.maxHR)
	zoneSecs := make([]int, 7)
	ss := 0
	var dist float64
	stepDoc := func(s step) map[string]any {
		d := stepSecs(s, speed)
		m := map[string]any{"duration": d}
		switch {
		case ride:
			w := float64(t.ftp) * s.pct / 100
			m["power"] = map[string]any{"value": s.pct, "units": "%ftp"}
			m["_power"] = map[string]any{"value": math.Round(w), "start": math.Round(w * 0.98), "end": math.Round(w * 1.02)}
			zoneSecs[zoneOf(powerZones, s.pct)-1] += d
			if s.pct >= 84 && s.pct <= 97 {
				ss += d
			}
		case s.hrZone > 0:
			lo, hi := hrZoneRange(hr, s.hrZone)
			m["hr"] = map[string]any{"value": s.hrZone, "units": "hr_zone"}
			m["_hr"] = map[string]any{"start": lo, "end": hi}
			zoneSecs[s.hrZone-1] += d
		default:
			v := speed * s.pct / 100
			m["pace"] = map[string]any{"value": s.pct, "units": "%pace"}
			m["_pace"] = map[string]any{"value": round(v, 4), "start": round(v*0.98, 4), "end": round(v*1.02, 4)}
			zoneSecs[zoneOf(paceZones, s.pct)-1] += d
		}
		if s.secs == 0 {
			m["distance"] = s.metres
		} else if !ride {
			m["_distance"] = round(float64(d)*speed*s.pct/100, 1)
		}
		return m
	}
	var steps []any
	total := 0
	for bi, b := range w.blocks {
		if b.reps <= 1 {
			for si, s := range b.steps {
				m := stepDoc(s)
				if bi == 0 && si == 0 && !s.work {
					m["warmup"] = true
				}
				if bi == len(w.blocks)-1 && si == len(b.steps)-1 && !s.work {
					m["cooldown"] = true
				}
				steps = append(steps, m)
				total += stepSecs(s, speed)
				if s.secs == 0 {
					dist += s.metres
				}
			}
			continue
		}
		var inner []any
		bd, bm := 0, 0.0
		for _, s := range b.steps {
			inner = append(inner, stepDoc(s))
			bd += stepSecs(s, speed)
			if s.secs == 0 {
				bm += s.metres
			}
		}
		// Zone times count every repeat; stepDoc counted one.
		for _, s := range b.steps {
			d := stepSecs(s, speed)
			switch {
			case ride:
				zoneSecs[zoneOf(powerZones, s.pct)-1] += d * (b.reps - 1)
				if s.pct >= 84 && s.pct <= 97 {
					ss += d * (b.reps - 1)
				}
			case s.hrZone > 0:
				zoneSecs[s.hrZone-1] += d * (b.reps - 1)
			default:
				zoneSecs[zoneOf(paceZones, s.pct)-1] += d * (b.reps - 1)
			}
		}
		steps = append(steps, map[string]any{"reps": b.reps, "text": itoa(b.reps) + "x", "steps": inner,
			"duration": bd * b.reps, "distance": bm * float64(b.reps)})
		total += bd * b.reps
		dist += bm * float64(b.reps)
	}
	var zt []any
	for i, secs := range zoneSecs {
		z := map[string]any{"id": "Z" + itoa(i+1), "secs": secs}
		if ride {
			z["zone"] = i + 1
			z["name"] = "Z" + itoa(i+1)
			z["max"] = powerZones[i]
			z["color"] = zoneColors[i]
		}
		zt = append(zt, z)
	}
	if ride {
		zt = append(zt, map[string]any{"id": "SS", "name": "Sweet Spot", "min": 84, "max": 97, "secs": ss, "zone": 8, "gap": true, "color": "#ffa00e"})
	}
	d := map[string]any{
		"steps": steps, "duration": total, "distance": dist, "zoneTimes": zt,
		"options": map[string]any{}, "locales": []any{}, "lthr": t.lthr,
	}
	switch {
	case ride:
		d["ftp"] = t.ftp
		d["target"] = "POWER"
	case w.sport == "Swim":
		d["threshold_pace"] = round(speed, 4)
		d["pace_units"] = "SECS_100M"
		d["target"] = "PACE"
	default:
		d["threshold_pace"] = round(speed, 4)
		d["pace_units"] = "MINS_KM"
		d["target"] = w.target()
	}
	return d
}

// target is the workout's main target type as Intervals.icu names it.
func (w workout) target() string {
	if w.sport == "Ride" || w.sport == "VirtualRide" {
		return "POWER"
	}
	for _, b := range w.blocks {
		for _, s := range b.steps {
			if s.hrZone == 0 {
				return "PACE"
			}
		}
	}
	return "HR"
}
