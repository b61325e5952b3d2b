package synth

import (
	"encoding/base64"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// done is an activity with what the World keeps beside it.
type done struct {
	act  api.Activity
	spec StreamSpec
	sess *session
	load int32
	date string // local date
}

// gearSet holds the athlete's gear ids by use.
type gearSet struct{ road, trainer, shoes, fastShoes string }

// airTemp is the air temperature of an outdoor session: seasonal, opposite in the southern
// hemisphere.
func airTemp(lat float64, t time.Time) float64 {
	phase := 2 * math.Pi * float64(t.YearDay()-15) / 365.25
	season := math.Cos(phase) // +1 mid-January
	if lat > 0 {
		season = -season
	}
	return math.Round(17 + 8*season + float64(t.Hour()-12)*0.3)
}

// build turns a done session into the activity Intervals.icu would show for it.
func (p person) build(s *session, id string, r *rand.Rand, g gearSet) done {
	exec := 1.0
	if s.race == "" {
		exec = jitter(r, 1, 0.03)
	}
	sport := s.w.sport
	ftp := p.t.ftp
	if sport == "VirtualRide" {
		ftp = p.indoorFTP
	}
	t := p.t
	t.ftp = ftp
	segs := s.w.segments(t, exec)
	spec := StreamSpec{
		Seed: r.Int64(), Sport: sport, Seconds: segs[len(segs)-1].End, Segments: segs,
		FTP: ftp, LTHR: p.t.lthr, MaxHR: p.t.maxHR, RestHR: p.t.restHR, ThresholdSpeed: p.t.speed(sport),
		Indoor: sport == "VirtualRide", Lat: p.lat, Lng: p.lng, Temp: airTemp(p.lat, s.start),
		Altitude: p.alt, Weight: p.weight,
	}
	if spec.Indoor {
		spec.Temp = 20
	}
	sum := spec.summarise()
	secs := int32(spec.Seconds)
	elapsed := secs
	switch {
	case sport == "Ride":
		elapsed += int32(r.IntN(max(1, spec.Seconds/15)))
	case sport == "Run":
		elapsed += int32(r.IntN(90))
	}
	finished := s.start.Add(time.Duration(elapsed) * time.Second)
	synced := finished.Add(time.Duration(4+r.IntN(20)) * time.Minute)
	hrz := hrZones(p.t.lthr, p.t.maxHR)
	rpe := clamp(math.Round(sum.intensity*sum.intensity*8+r.Float64()), 1, 10)

	a := api.Activity{
		Id: ptr(id), IcuAthleteId: ptr(p.id), Type: ptr(sport), Name: ptr(s.w.name),
		StartDateLocal: ptr(s.start.Format(localLayout)), StartDate: ptr(s.start.UTC().Format(utcLayout)),
		Timezone: ptr(p.tz), MovingTime: ptr(secs), ElapsedTime: ptr(elapsed), IcuRecordingTime: ptr(elapsed),
		Distance: f32(sum.dist, 2), IcuDistance: f32(sum.dist, 2),
		AverageSpeed: f32(sum.avgSpeed, 3), MaxSpeed: f32(sum.maxSpeed, 3), Pace: f32(sum.avgSpeed, 3),
		HasHeartrate: ptr(true), AverageHeartrate: i32(sum.avgHR), MaxHeartrate: i32(sum.maxHR),
		AverageCadence: f32(sum.cadence, 2), IcuTrainingLoad: i32(sum.load), IcuIntensity: f32(sum.intensity*100, 3),
		HrLoad: i32(sum.load * 0.95), HrLoadType: ptr(api.ActivityHrLoadTypeHRSS),
		Lthr: ptr(int32(p.t.lthr)), AthleteMaxHr: ptr(int32(p.t.maxHR)), IcuRestingHr: ptr(int32(p.t.restHR)),
		IcuWeight: f32(p.weight, 1), IcuHrZones: &hrz, IcuHrZoneTimes: &sum.hrZoneSecs,
		Source: ptr(api.ActivitySourceGARMINCONNECT), FileType: ptr("fit"), FileSportIndex: ptr(int32(0)),
		Created: stamp(synced), Analyzed: stamp(synced), IcuSyncDate: stamp(synced),
		Trainer: ptr(spec.Indoor), Commute: ptr(false), Race: ptr(s.race != ""),
		IcuRpe: ptr(int32(rpe)), SessionRpe: ptr(int32(rpe * float64(secs) / 60)),
		Trimp:         f32(float64(secs)/60*(sum.avgHR-float64(p.t.restHR))/float64(p.t.maxHR-p.t.restHR)*1.9, 2),
		IcuWarmupTime: ptr(int32(600)), IcuCooldownTime: ptr(int32(600)), IcuLapCount: ptr(int32(len(segs))),
		IcuIgnoreHr: ptr(false), IcuIgnorePower: ptr(false), IcuIgnoreTime: ptr(false), IcuMedianTimeDelta: ptr(int32(1)),
		StreamTypes: ptr(StreamTypes(spec)), HasWeather: ptr(false), HasSegments: ptr(false),
		TizOrder: ptr(api.ActivityTizOrderPOWERHRPACE), IntervalSummary: ptr(intervalSummary(spec)),
		Calories: i32(calories(spec, sum, p.weight)),

		CoastingTime: ptr(int32(0)), DeviceWatts: ptr(isRide(sport)), UseElevationCorrection: ptr(false),
		IcuSweetSpotMin: ptr(int32(84)), IcuSweetSpotMax: ptr(int32(97)), IgnoreVelocity: ptr(false), IgnorePace: ptr(false),
		IcuTrainingLoadData: ptr(int32(100)), UseGapZoneTimes: ptr(sport == "Run"), P30sExponent: ptr(float32(3)),
		PolarizationIndex: f32(polarisation(sum.zoneSecs), 2), SkylineChartBytes: ptr(skyline(segs)),
		Group: ptr(fmt.Sprintf("%08x", r.Uint32())),
	}
	if s.race != "" {
		a.Name = ptr(s.w.name)
		a.SubType = ptr(api.ActivitySubType("RACE"))
	}
	if r.Float64() < 0.5 {
		a.Feel = ptr(int32(1 + r.IntN(4)))
	}
	if spec.hasTerrain() {
		a.TotalElevationGain = f32(sum.gain, 1)
		a.TotalElevationLoss = f32(sum.loss, 1)
		a.MinAltitude, a.MaxAltitude, a.AverageAltitude = f32(sum.minAlt, 1), f32(sum.maxAlt, 1), f32(sum.meanAlt, 1)
	}
	if spec.hasGPS() {
		a.AverageTemp = f32(spec.Temp, 0)
		a.MinTemp, a.MaxTemp = i32(spec.Temp-1), i32(spec.Temp+1)
	}
	if isRide(sport) {
		zt := make([]api.ZoneTime, 0, 7)
		for i, v := range sum.zoneSecs {
			zt = append(zt, api.ZoneTime{Id: ptr(fmt.Sprintf("Z%d", i+1)), Secs: ptr(v)})
		}
		a.IcuZoneTimes = &zt
		a.IcuFtp = ptr(int32(ftp))
		a.IcuAverageWatts, a.IcuWeightedAvgWatts = i32(sum.avgWatts), i32(sum.np)
		a.IcuJoules = i32(sum.avgWatts * float64(secs))
		a.IcuVariabilityIndex = f32(sum.np/sum.avgWatts, 3)
		a.IcuEfficiencyFactor = f32(sum.np/sum.avgHR, 3)
		a.IcuPowerZones = ptr(slices.Clone(powerZones))
		a.IcuSweetSpotMin, a.IcuSweetSpotMax = ptr(int32(84)), ptr(int32(97))
		a.PowerLoad = a.IcuTrainingLoad
		a.DeviceWatts = ptr(true)
		a.PowerFieldNames, a.PowerField = &[]string{"power"}, ptr("power")
		a.Decoupling = f32(2+3*r.Float64(), 2)
		a.DeviceName = ptr("Garmin Edge 840")
		a.Gear = &api.StravaGear{Id: ptr(g.road)}
		if spec.Indoor {
			a.DeviceName = ptr("Zwift")
			a.Gear = &api.StravaGear{Id: ptr(g.trainer)}
		}
	} else {
		a.ThresholdPace = f32(spec.ThresholdSpeed, 4)
		a.PaceZones = ptr(slices.Clone(paceZones))
		a.PaceZoneTimes = &sum.zoneSecs
		a.PaceLoad = a.IcuTrainingLoad
		a.DeviceName = ptr("Garmin Forerunner 965")
	}
	switch sport {
	case "Run":
		a.PaceLoadType = ptr(api.ActivityPaceLoadTypeRUN)
		a.GapModel = ptr(api.ActivityGapModelSTRAVARUN)
		a.Gap = f32(sum.avgSpeed*1.01, 3)
		a.AverageStride = f32(sum.avgSpeed*60/sum.cadence/2, 3)
		a.AverageStepLength = f32(sum.avgSpeed*60/sum.cadence/2*1000, 1)
		a.AverageStanceTime = f32(250-30*(sum.intensity-0.8), 1)
		a.AverageVerticalOscillation = f32(90+10*r.Float64(), 1)
		a.AverageVerticalRatio = f32(float64(*a.AverageVerticalOscillation / *a.AverageStepLength * 100), 2)
		a.UseElevationCorrection = ptr(true)
		a.Gear = &api.StravaGear{Id: ptr(g.shoes)}
		if s.race != "" || s.w.target() == "PACE" {
			a.Gear = &api.StravaGear{Id: ptr(g.fastShoes)}
		}
	case "Swim":
		a.PaceLoadType = ptr(api.ActivityPaceLoadTypeSWIM)
		a.PoolLength = ptr(float32(25))
		a.Lengths = i32(sum.dist / 25)
	}
	return done{act: a, spec: spec, sess: s, load: *a.IcuTrainingLoad, date: s.start.Format(dateLayout)}
}

// calories burnt: from work done on a bike (about 1 kcal per kJ at 24% efficiency), from
// distance and weight on foot, from time and effort in the water.
func calories(s StreamSpec, sum summary, weight float64) float64 {
	switch {
	case isRide(s.Sport):
		return sum.avgWatts * float64(s.Seconds) / 1000 / 0.24 / 4.184
	case s.Sport == "Run":
		return weight * sum.dist / 1000 * 1.04
	default:
		return float64(s.Seconds) / 3600 * 550 * sum.intensity
	}
}

// polarisation is the polarisation index of time in zones: ln(z1 / z2 * z3 * 100) with
// Intervals.icu's three-zone split (below Z2's top, Z3-Z4, above), 0 when undefined.
func polarisation(zones []int32) float64 {
	var low, mid, high float64
	for i, v := range zones {
		switch {
		case i <= 1:
			low += float64(v)
		case i <= 3:
			mid += float64(v)
		default:
			high += float64(v)
		}
	}
	total := low + mid + high
	if total == 0 || mid == 0 || high == 0 {
		return 0
	}
	return math.Log10(low / total / (mid / total) * (high / total) * 100)
}

// skyline is the compact chart of the activity's efforts that Intervals.icu draws on its
// calendar tiles: here, each segment's minutes and intensity, base64-encoded.
func skyline(segs []Segment) string {
	b := make([]byte, 0, 2*len(segs))
	for _, s := range segs {
		b = append(b, byte(min((s.End-s.Start)/60, 255)), byte(min(int(s.Intensity*100), 255)))
	}
	return base64.StdEncoding.EncodeToString(b)
}
