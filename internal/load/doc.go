// Package load is Intervals.icu's fitness / fatigue / form model: it projects an athlete's
// fitness (CTL), fatigue (ATL) and form (TSB) day by day over planned or hypothetical loads,
// starting from the values Intervals.icu reports, and rebuilds a whole history from scratch
// for the embedded fake's synthetic athlete.
//
// # The model
//
// The load of a day, L_d, is the sum of the training loads of that day's sessions (a day
// without sessions has load 0). Fitness and fatigue are exponentially weighted moving
// averages of it, with time constants of 42 and 7 days by default:
//
//	CTL_d = CTL_{d-1} + (L_d - CTL_{d-1}) * (1 - exp(-1/42))
//	ATL_d = ATL_{d-1} + (L_d - ATL_{d-1}) * (1 - exp(-1/7))
//	Form_d = CTL_d - ATL_d
//	RampRate_d = CTL_d - CTL_{d-7}
//
// Each of these was checked against payloads recorded from the real API (the tests replay
// them from testdata/):
//
//   - Decay: from each day's ctl/atl and the next day's ctlLoad/atlLoad, the formula above
//     reproduces the next day's ctl and atl to within 0.0001 (the values are rounded to 4
//     decimals) on every one of 31 consecutive days of a recorded wellness list, and on a
//     second athlete's raw rows. The
//     simple variant with a factor of 1/42 and 1/7 misses by up to 0.036 (CTL) and 1.26 (ATL)
//     on the same days, so Intervals.icu uses exact exponential decay.
//   - Same day: a day's ctl and atl already include that day's load (ctlLoad and atlLoad,
//     which equal the day's summed training load).
//   - Form uses today's values, not yesterday's (TrainingPeaks' convention): the athlete
//     summary reports fitness 31.1785, fatigue 28.4521 and form 2.7265 for the day whose
//     wellness row has ctl 31.1785 and atl 28.4521; yesterday's values would give 4.5462.
//   - Ramp rate is fitness today minus fitness seven days earlier: it matches every
//     rampRate in the recorded list to within 0.0001.
//
// # Calendar events that change the model
//
// Intervals.icu lets an athlete change the model with calendar entries, passed here as
// [Reset] values:
//
//   - SET_FITNESS (event fields ctl, atl) sets fitness and/or fatigue: the values given are
//     that date's values, replacing what the day's load would have produced. Later days
//     decay from them as usual.
//   - FITNESS_DAYS (event fields ctl_days, atl_days) changes the time constants from that
//     date on, the date's own update included.
//   - SET_EFTP changes the athlete's eFTP. It does not touch loads, fitness or fatigue, but
//     it is a change point an assistant should see, so it is carried through to the
//     projected [Day] of its date.
//
// # Projecting from the API's values
//
// [Model.Project] starts from one day whose fitness and fatigue the API reported (normally
// today) and walks forward over the loads given (planned sessions, or hypothetical ones for
// a what-if). A SET_FITNESS on or before the start date is already part of the reported
// values and is not applied again; a FITNESS_DAYS on or before it still sets the time
// constants in effect.
//
// The ramp rate of the first six projected days needs fitness on the six days before the
// start. Those are rebuilt exactly by running the model backwards from the start's fitness
// (CTL_{d-1} = (CTL_d - k*L_d) / (1 - k)) over the loads of the start date and the five
// days before it, so pass those done loads together with the planned ones; a day missing
// from the map counts as a day without load here too. A SET_FITNESS within those days cuts
// the reconstruction: the days before it take the fitness of its date.
//
// [Model.Series] computes a whole history from initial values with the same rules; the
// embedded fake uses it so that its synthetic wellness agrees with its activities.
//
// # Form zones
//
// [FormZone] names the bands Intervals.icu draws on its form chart, with form taken as a
// percentage of fitness: transition above +20%, fresh +5% to +20%, grey zone -10% to +5%,
// optimal -30% to -10%, high risk below -30%. A value on a boundary belongs to the zone
// nearer zero. Users' accounts of the chart confirm the optimal zone's -30 and -10; the +5
// and +20 boundaries could not be checked against a primary source. Apps that band
// absolute form (not a percentage) put the boundary between fresh and transition at +25.
//
// # Race form
//
// [FormGoingInto] is form going into a race: the end of the day before (the race morning,
// before the race's own load), against [RaceTargets], the one table of target form per race
// priority (A +5% to +25%, B 0% to +15%, C -10% to +10% of fitness; internal/tools/README.md
// gives why).
//
// # Load risk
//
// risk.go holds the measures a coach reads off a calendar of daily loads, each with the
// threshold the calendar check warns at and its source: the single-session [Spike] (Frandsen
// et al. 2025), the uncoupled acute:chronic workload ratio ([ACWR], Windt & Gabbett 2019;
// context, not a gate), Foster's [Monotony] and [Strain] (1998), a week's figure over its
// mean of the weeks before ([Ratio]: a sport's volume, Nielsen et al. 2014; strain), and the
// safe fitness ramp ([RampSafe], Friel). distribution.go holds the intensity [Distribution]
// of the three-zone model (Seiler), named as Treff et al. 2019 name it, and the threshold
// share of each model ([ModelThreshold], Stöggl & Sperlich 2014).
//
// # Dates
//
// Dates are civil dates in the athlete's time zone, written YYYY-MM-DD, as Intervals.icu
// writes a wellness id. This package does no time-zone arithmetic: the caller turns
// start_date_local values into dates. Weeks run Monday to Sunday.
//
// # Imports
//
// Imports: nothing internal: the model is arithmetic over dates and loads. Never imports: os,
// net/http.
package load
