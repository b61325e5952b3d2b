package synth

import (
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Layouts of the dates and times Intervals.icu writes.
const (
	dateLayout  = "2006-01-02"           // a wellness id, the date of an event
	localLayout = "2006-01-02T15:04:05"  // start_date_local: wall clock, no offset
	utcLayout   = "2006-01-02T15:04:05Z" // start_date: the same instant in UTC
)

// ptr returns a pointer to a copy of v: the generated types hold every field as a pointer.
func ptr[T any](v T) *T { return &v }

// newRand returns a PCG generator: the only source of randomness, so that a seed fixes the data.
func newRand(seed int64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), stream^0x9e3779b97f4a7c15))
}

// jitter returns v scaled by a uniform factor in [1-f, 1+f].
func jitter(r *rand.Rand, v, f float64) float64 { return v * (1 + f*(2*r.Float64()-1)) }

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}

func f32(v float64, places int) *float32 { return ptr(float32(round(v, places))) }

func i32(v float64) *int32 { return ptr(int32(math.Round(v))) }

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// ids hands out the identifiers of the whole World, so that no two athletes share an
// activity, event, gear or library id (GET /activity/{id} carries no athlete id).
type ids struct {
	activity, stub int64
	event, item    int32
	folder, wkout  int32
	gear, filter   int32
	message        int64
}

func newIDs() *ids {
	return &ids{activity: 300000000, stub: 16600000000, event: 5000000, item: 30000,
		folder: 90000, wkout: 700000, gear: 80000, message: 120000}
}

// nextActivity returns an Intervals.icu activity id: "i" and a number, with gaps as on the
// real service, where many athletes upload at once.
func (n *ids) nextActivity(r *rand.Rand) string {
	n.activity += 1 + r.Int64N(40)
	return "i" + strconv.FormatInt(n.activity, 10)
}

// nextStub returns a Strava activity id: a bare number.
func (n *ids) nextStub(r *rand.Rand) string {
	n.stub += 1 + r.Int64N(900000)
	return strconv.FormatInt(n.stub, 10)
}

func (n *ids) nextEvent() int32 { n.event++; return n.event }

func (n *ids) nextGear() string { n.gear++; return strconv.Itoa(int(n.gear)) }

// day returns the local midnight i days after d (calendar days, whatever the DST shifts).
func day(d time.Time, i int) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day()+i, 0, 0, 0, 0, d.Location())
}

// at returns the local wall-clock time h:m on the day of d.
func at(d time.Time, h, m int) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), h, m, 0, 0, d.Location())
}

// stamp is a server-side instant (created, updated, analyzed) as Intervals.icu writes it.
func stamp(t time.Time) *intervals.DateTime { return ptr(intervals.NewDateTime(t.UTC())) }

func itoa(i int) string { return strconv.Itoa(i) }
