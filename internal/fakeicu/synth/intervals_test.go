package synth

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// TestIntervalsCoverTheSegments checks that each activity's intervals tile its segments:
// one per segment, back to back from 0 to the moving time, WORK where the segment is an
// effort, and that the groups count the WORK intervals.
func TestIntervalsCoverTheSegments(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		for _, act := range a.Activities {
			if act.Type == nil {
				continue
			}
			spec := a.StreamSpecs[*act.Id]
			dto, ok := a.Intervals[*act.Id]
			if !ok || dto.Id == nil || *dto.Id != *act.Id {
				t.Fatalf("%s: no intervals", *act.Id)
			}
			ivs := *dto.IcuIntervals
			if len(ivs) != len(spec.Segments) {
				t.Fatalf("%s: %d intervals for %d segments", *act.Id, len(ivs), len(spec.Segments))
			}
			at, work := int32(0), 0
			for i, iv := range ivs {
				seg := spec.Segments[i]
				if *iv.StartIndex != at || *iv.StartIndex != int32(seg.Start) || *iv.EndIndex != int32(seg.End) {
					t.Fatalf("%s interval %d spans %d..%d, segment %d..%d, previous ended at %d",
						*act.Id, i, *iv.StartIndex, *iv.EndIndex, seg.Start, seg.End, at)
				}
				if *iv.MovingTime != *iv.EndIndex-*iv.StartIndex {
					t.Errorf("%s interval %d: moving_time %d for %d samples", *act.Id, i, *iv.MovingTime, *iv.EndIndex-*iv.StartIndex)
				}
				if (*iv.Type == api.WORK) != seg.Work {
					t.Errorf("%s interval %d is %s, segment work=%v", *act.Id, i, *iv.Type, seg.Work)
				}
				if seg.Work {
					work++
				}
				at = *iv.EndIndex
			}
			if at != *act.MovingTime {
				t.Errorf("%s: intervals end at %d, moving time %d", *act.Id, at, *act.MovingTime)
			}
			grouped := 0
			for _, g := range *dto.IcuGroups {
				grouped += int(*g.Count)
			}
			if grouped != work {
				t.Errorf("%s: groups count %d intervals, %d are WORK", *act.Id, grouped, work)
			}
		}
	}
}

func TestIntervalPowerAveragesToActivity(t *testing.T) {
	p := testWorld(t).Athletes[0]
	for _, act := range p.Activities {
		if act.Type == nil || !isRide(*act.Type) {
			continue
		}
		var joules, secs float64
		for _, iv := range *p.Intervals[*act.Id].IcuIntervals {
			joules += float64(*iv.AverageWatts) * float64(*iv.MovingTime)
			secs += float64(*iv.MovingTime)
		}
		if got := joules / secs; got < float64(*act.IcuAverageWatts)-1 || got > float64(*act.IcuAverageWatts)+1 {
			t.Errorf("%s: intervals average %.1f W, activity %d W", *act.Id, got, *act.IcuAverageWatts)
		}
	}
}

func TestRepeatsShareOneGroup(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		for _, act := range a.Activities {
			if act.Type == nil {
				continue
			}
			dto := a.Intervals[*act.Id]
			kinds := map[[2]int32]string{}
			for _, iv := range *dto.IcuIntervals {
				if *iv.Type != api.WORK {
					continue
				}
				k := [2]int32{*iv.MovingTime, *iv.Intensity}
				if g, ok := kinds[k]; ok && g != *iv.GroupId {
					t.Fatalf("%s: repeats of %ds at %d%% are in groups %s and %s", *act.Id, k[0], k[1], g, *iv.GroupId)
				}
				kinds[k] = *iv.GroupId
			}
			if len(kinds) != len(*dto.IcuGroups) {
				t.Errorf("%s: %d kinds of effort, %d groups", *act.Id, len(kinds), len(*dto.IcuGroups))
			}
		}
	}
}
