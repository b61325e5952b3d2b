package synth

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// person is who a synthetic athlete is: identity, physiology and how they train.
type person struct {
	id, first, last, sex string
	tz, city, country    string
	lat, lng             float64
	alt                  float64 // metres above sea level where the athlete trains
	weight               float64
	t                    thresholds
	indoorFTP            int
	historyDays          int     // days of history up to yesterday
	initCTL, initATL     float64 // fitness and fatigue the day before the history starts
	volume               float64 // scales session durations (1 = the primary's ~9 h a week)
	week                 weekFunc
	primary              bool // sick period, holiday, Strava stubs, races, library, coach
}

// people are the four athletes of the World: the primary demo athlete, who is also the
// coach of the other three.
func people() []person {
	return []person{
		{id: "i100001", first: "Alex", last: "Demo", sex: "M", tz: "Australia/Sydney", city: "Sydney", country: "Australia",
			lat: -33.8688, lng: 151.2093, alt: 40, weight: 72.5,
			t:         thresholds{ftp: 250, lthr: 168, maxHR: 186, restHR: 48, runSpeed: 1000.0 / 255, swimSpeed: 100.0 / 105},
			indoorFTP: 240, historyDays: 365, initCTL: 48, initATL: 45, volume: 1, week: triathlonWeek, primary: true},
		{id: "i100002", first: "Camille", last: "Martin", sex: "F", tz: "Europe/Paris", city: "Paris", country: "France",
			lat: 48.8566, lng: 2.3522, alt: 45, weight: 58,
			t:         thresholds{ftp: 205, lthr: 165, maxHR: 184, restHR: 50, runSpeed: 1000.0 / 290, swimSpeed: 100.0 / 120},
			indoorFTP: 200, historyDays: 112, initCTL: 55, initATL: 52, volume: 1, week: cyclingWeek},
		{id: "i100003", first: "Jordan", last: "Rivera", sex: "M", tz: "America/Denver", city: "Boulder", country: "United States",
			lat: 40.015, lng: -105.2705, alt: 1655, weight: 66,
			t:         thresholds{ftp: 230, lthr: 172, maxHR: 192, restHR: 44, runSpeed: 1000.0 / 225, swimSpeed: 100.0 / 130},
			indoorFTP: 225, historyDays: 112, initCTL: 50, initATL: 48, volume: 1, week: runningWeek},
		{id: "i100004", first: "Yuki", last: "Tanaka", sex: "F", tz: "Asia/Tokyo", city: "Tokyo", country: "Japan",
			lat: 35.6762, lng: 139.6503, alt: 40, weight: 54,
			t:         thresholds{ftp: 190, lthr: 162, maxHR: 182, restHR: 52, runSpeed: 1000.0 / 300, swimSpeed: 100.0 / 110},
			indoorFTP: 185, historyDays: 112, initCTL: 35, initATL: 33, volume: 0.7, week: triathlonWeek},
	}
}

// profile is the athlete's GET /athlete/{id}.
func (p person) profile(settings []api.SportSettings, today time.Time, gear []api.Gear) api.WithSportSettings {
	var bikes, shoes []api.StravaGear
	for _, g := range gear {
		sg := api.StravaGear{Id: g.Id, Name: g.Name, Distance: g.Distance, Primary: ptr(len(bikes) == 0 && *g.Type == api.GearTypeBike)}
		if *g.Type == api.GearTypeBike {
			bikes = append(bikes, sg)
		} else {
			shoes = append(shoes, sg)
		}
	}
	return api.WithSportSettings{
		Id: ptr(p.id), Name: ptr(p.first + " " + p.last), Firstname: ptr(p.first), Lastname: ptr(p.last),
		Sex: ptr(p.sex), City: ptr(p.city), Country: ptr(p.country), Timezone: ptr(p.tz),
		Weight: f32(p.weight, 1), IcuWeight: f32(p.weight, 1), IcuRestingHr: ptr(int32(p.t.restHR)),
		IcuDateOfBirth: ptr(map[bool]string{true: "1988-04-12", false: "1992-09-30"}[p.primary]),
		Email:          ptr(p.first + "." + p.last + "@example.com"), Locale: ptr("en"),
		MeasurementPreference: ptr("meters"), Fahrenheit: ptr(false), WeightPrefLb: ptr(false),
		IcuCoach: ptr(p.primary), IcuActivated: stamp(day(today, -p.historyDays-400)),
		IcuLastSeen: stamp(at(today, 7, 12)), Bikes: &bikes, Shoes: &shoes, SportSettings: &settings,
		Status: ptr(api.WithSportSettingsStatus("ACTIVE")), Visibility: ptr(api.WithSportSettingsVisibility("PRIVATE")),
		Plan: ptr(api.WithSportSettingsPlan("PREMIUM")),
	}
}

// sportSettings are the athlete's thresholds and zones per sport: Ride, Run, Swim, Other.
func (p person) sportSettings(ids *ids, r *rand.Rand, created time.Time, gear []api.Gear) []api.SportSettings {
	hr := hrZones(p.t.lthr, p.t.maxHR)
	base := func(types []api.SportType, color string) api.SportSettings {
		ids.item++
		return api.SportSettings{
			UseLapsForPowerIntervals: ptr(false), KeepAllLapsForPowerIntervals: ptr(true), PowerIntervalsStartLocked: ptr(false),
			HrrcMinPercent: ptr(float32(100)), GapModel: ptr(api.SportSettingsGapModelNONE),
			ElevationCorrection: ptr(api.SportSettingsElevationCorrectionNO), UseGapZoneTimes: ptr(false),
			PaceCurveStart: ptr(float32(100)), IntervalDisplay: ptr(api.SportSettingsIntervalDisplayPOWERHRPACE),
			ExtractWorkouts: ptr(false), ShowPauses: ptr(int32(600)), IgnoreVelocity: ptr(false),
			UpdateActivityNameFromWorkout: ptr(false), Display: display(color), ActivityFieldIds: &[]int32{},
			ActivityCharts: &api.ActivityCharts{}, CustomFieldIds: &[]int32{}, CustomFieldValues: &map[string]any{},
			CustomZonesIds: &[]int32{}, IseFTPSupported: ptr(false), UseDistanceForIntervals: ptr(false),
			Id: ptr(ids.item), AthleteId: ptr(p.id), Types: &types,
			Lthr: ptr(int32(p.t.lthr)), MaxHr: ptr(int32(p.t.maxHR)), HrZones: &hr, HrZoneNames: ptr(slices.Clone(hrZoneNames)),
			HrLoadType: ptr(api.SportSettingsHrLoadTypeHRSS), WarmupTime: ptr(int32(600)), CooldownTime: ptr(int32(600)),
			Created: stamp(created), Updated: stamp(created),
			LoadOrder: ptr(api.SportSettingsLoadOrderPOWERHRPACE), TizOrder: ptr(api.SportSettingsTizOrderPOWERHRPACE),
			WorkoutOrder: ptr(api.SportSettingsWorkoutOrderPOWERHRPACE), Other: ptr(false),
			PowerSpikeThreshold: ptr(int32(30)), FtpEstMinSecs: ptr(int32(300)),
		}
	}
	gearOf := func(t api.GearType, indoor bool) *string {
		for _, g := range gear {
			if *g.Type == t && (g.Notes != nil && *g.Notes == "indoor") == indoor {
				return g.Id
			}
		}
		return nil
	}
	ride := base([]api.SportType{api.SportTypeRide, api.SportTypeVirtualRide, "GravelRide", "MountainBikeRide"}, "#0863b2")
	ride.IseFTPSupported = ptr(true)
	ride.Ftp = ptr(int32(p.t.ftp))
	ride.IndoorFtp = ptr(int32(p.indoorFTP))
	ride.WPrime = ptr(int32(18000 + r.IntN(6000)))
	ride.PMax = ptr(int32(float64(p.t.ftp) * 3.6))
	ride.PowerZones = ptr(slices.Clone(powerZones))
	ride.PowerZoneNames = ptr(slices.Clone(powerZoneNames))
	ride.SweetSpotMin, ride.SweetSpotMax = ptr(int32(84)), ptr(int32(97))
	ride.DefaultGearId = gearOf(api.GearTypeBike, false)
	ride.DefaultIndoorGearId = gearOf(api.GearTypeBike, true)

	run := base([]api.SportType{api.SportTypeRun, "VirtualRun", api.SportTypeTrailRun}, "#8C564B")
	run.ElevationCorrection = ptr(api.SportSettingsElevationCorrectionAUTO)
	run.PaceCurveStart = ptr(float32(1000))
	run.ThresholdPace = f32(p.t.runSpeed, 4)
	run.PaceUnits = ptr(api.SportSettingsPaceUnitsMINSKM)
	run.PaceZones = ptr(slices.Clone(paceZones))
	run.PaceZoneNames = ptr(slices.Clone(paceZoneNames))
	run.PaceLoadType = ptr(api.SportSettingsPaceLoadTypeRUN)
	run.GapModel = ptr(api.SportSettingsGapModelSTRAVARUN)
	run.UseGapZoneTimes = ptr(true)
	run.LoadOrder = ptr(api.SportSettingsLoadOrderPACEHRPOWER)
	run.BestEffortDistances = &[]float32{400, 800, 1500, 1609.34, 3000, 5000, 10000, 21097.5, 42195}
	run.DefaultGearId = gearOf(api.GearTypeShoes, false)
	run.WarmupTime, run.CooldownTime = ptr(int32(300)), ptr(int32(300))

	swim := base([]api.SportType{api.SportTypeSwim, api.SportTypeOpenWaterSwim}, "#119EB1")
	swim.ThresholdPace = f32(p.t.swimSpeed, 4)
	swim.PaceUnits = ptr(api.SportSettingsPaceUnitsSECS100M)
	swim.PaceZones = ptr(slices.Clone(paceZones))
	swim.PaceZoneNames = ptr(slices.Clone(paceZoneNames))
	swim.PaceLoadType = ptr(api.SportSettingsPaceLoadTypeSWIM)
	swim.LoadOrder = ptr(api.SportSettingsLoadOrderPACEHRPOWER)
	swim.UseDistanceForIntervals = ptr(true)
	swim.BestEffortDistances = &[]float32{50, 100, 200, 400, 800, 1500, 3800}
	swim.WarmupTime, swim.CooldownTime = ptr(int32(300)), ptr(int32(300))

	other := base([]api.SportType{api.SportTypeOther}, "#666666")
	other.Other = ptr(true)
	return []api.SportSettings{ride, run, swim, other}
}

// display is how the calendar draws a sport's activities (Intervals.icu's defaults).
func display(color string) *api.Display {
	t, f := ptr(true), ptr(false)
	return &api.Display{ColorScheme: ptr("SOLID"), LowIntensity: ptr(int32(50)), HighIntensity: ptr(int32(90)),
		LowLoad: ptr(int32(25)), HighLoad: ptr(int32(250)), UsePairedWorkoutColor: f, IgnoreWorkoutColors: f,
		ShowAverageHR: t, ShowNormalizedWatts: t, ShowLoad: t, ShowWork: f, ShowWorkAboveFTP: f, ShowWeightLifted: t,
		ShowAveragePower: f, ShowRPE: t, ShowFeel: t, ShowPace: t, ShowGAP: f, ShowIntensity: f, ShowName: t,
		ShowIntervals: f, ShowSkylineChart: t, ShowPairedWorkoutChart: f, ShowDescription: f, ShowStartTime: f,
		PreciseDistance: f, ShrinkWarmup: t, ShrinkCooldown: t, ShrinkCommute: t, Color: ptr(color), Color2: ptr(color)}
}
