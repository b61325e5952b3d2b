package tools

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// whatIfLoads sums hypothetical sessions by date. A session gives its load, or a duration and
// an intensity factor, from which the load is estimated as Intervals.icu estimates a planned
// workout's: hours x intensity^2 x 100 (an hour at threshold is 100).
func whatIfLoads(sessions []whatIfSession, today time.Time, until string) (map[string]float64, error) {
	out := map[string]float64{}
	first := today.Format(ymd)
	for i, s := range sessions {
		date, err := resolveDate(s.Date, today)
		if err != nil {
			return nil, manifest.Errorf("sessions[%d]: %v", i, err)
		}
		if date < first || date > until {
			return nil, manifest.Errorf("sessions[%d]: %s is outside the projection %s..%s: what-if sessions are today or later; raise days to reach later dates", i, date, first, until)
		}
		l := s.Load
		switch {
		case l < 0 || math.IsNaN(l) || math.IsInf(l, 0):
			return nil, manifest.Errorf("sessions[%d]: load %v: give a load of 0 or more", i, s.Load)
		case l == 0 && s.Duration == "":
			return nil, manifest.Errorf("sessions[%d]: give load, or duration and intensity", i)
		case l == 0:
			hours, err := whatIfHours(s.Duration)
			if err != nil {
				return nil, manifest.Errorf("sessions[%d]: %v", i, err)
			}
			f := s.Intensity
			if f > 3 {
				f /= 100 // given in percent
			}
			if !(f > 0) || f > 2 {
				return nil, manifest.Errorf("sessions[%d]: intensity %v: give the intensity factor, e.g. 0.75 or 75 for 75%% of threshold", i, s.Intensity)
			}
			l = hours * f * f * 100
		}
		out[date] += l
	}
	return out, nil
}

// whatIfHours reads a duration as h:mm, h:mm:ss or minutes.
func whatIfHours(s string) (float64, error) {
	s = strings.TrimSpace(s)
	parts := strings.Split(s, ":")
	if len(parts) == 1 {
		m, err := strconv.ParseFloat(s, 64)
		if err != nil || !(m > 0) || m > 24*60 {
			return 0, fmt.Errorf("duration %q: write h:mm (1:30) or minutes (90)", s)
		}
		return m / 60, nil
	}
	if len(parts) > 3 {
		return 0, fmt.Errorf("duration %q: write h:mm (1:30) or minutes (90)", s)
	}
	total := 0.0
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || (i > 0 && n > 59) {
			return 0, fmt.Errorf("duration %q: write h:mm (1:30) or minutes (90)", s)
		}
		total += float64(n) * []float64{3600, 60, 1}[i]
	}
	if !(total > 0) || total > 24*3600 {
		return 0, fmt.Errorf("duration %q: give a duration above 0 and at most 24 hours", s)
	}
	return total / 3600, nil
}
