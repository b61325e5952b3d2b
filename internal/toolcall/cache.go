package toolcall

import (
	"slices"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Cache keeps what tools read of an athlete for a short time across calls, so that a
// conversation's questions do not read the same things again: the profile (time zone,
// sport settings and thresholds, which change rarely) and the gear for SettingsTTL; single
// activities and the activity and wellness lists of a date range for DataTTL, a list also
// answering any range it covers. Entries belong to one client (one credential) and one
// athlete id; at most Max are kept, the oldest dropped first. Our own writes drop the
// entries of their client (Forget): the server does so around every write tool's call.
type Cache struct {
	SettingsTTL time.Duration // 0 means 10 minutes
	DataTTL     time.Duration // 0 means 1 minute
	Max         int           // entries; 0 means 512
	Now         func() time.Time

	mu      sync.Mutex
	entries map[cacheKey][]*cacheEntry
	n       int
}

// Kinds of what Cache keeps; a range kind's entries each cover a range of local dates.
const (
	CacheProfile    = "profile"    // *Athlete
	CacheGear       = "gear"       // []intervals.Gear
	CacheActivity   = "activity"   // intervals.Activity, by id (the Range field)
	CacheActivities = "activities" // []intervals.Activity started in [oldest, newest]
	CacheWellness   = "wellness"   // []intervals.Wellness of [oldest, newest]
)

// cacheKey is whose entries: the client (its pointer, kept alive by the key so that no
// other client can take its address) and the athlete id, and of what kind.
type cacheKey struct {
	client  *intervals.ClientWithResponses
	athlete string
	kind    string
}

type cacheEntry struct {
	oldest, newest string // the range covered (for a kind that is no range: its name, "")
	v              any
	at             time.Time
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *Cache) ttl(kind string) time.Duration {
	if kind == CacheProfile || kind == CacheGear {
		if c.SettingsTTL > 0 {
			return c.SettingsTTL
		}
		return 10 * time.Minute
	}
	if c.DataTTL > 0 {
		return c.DataTTL
	}
	return time.Minute
}

// get returns the freshest entry of key that covers [oldest, newest] (a range kind) or is
// exactly oldest (the others).
func (c *Cache) get(key cacheKey, oldest, newest string) (any, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	ttl, now := c.ttl(key.kind), c.now()
	ranged := key.kind == CacheActivities || key.kind == CacheWellness
	for _, e := range c.entries[key] {
		covers := e.oldest == oldest && e.newest == newest
		if ranged {
			covers = e.oldest <= oldest && newest <= e.newest
		}
		if covers && now.Sub(e.at) < ttl {
			return e.v, true
		}
	}
	return nil, false
}

// put keeps v for key and [oldest, newest], dropping stale entries and, past Max, the
// oldest ones.
func (c *Cache) put(key cacheKey, oldest, newest string, v any) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[cacheKey][]*cacheEntry{}
	}
	now := c.now()
	kept := []*cacheEntry{{oldest: oldest, newest: newest, v: v, at: now}}
	for _, e := range c.entries[key] {
		covered := oldest <= e.oldest && e.newest <= newest // for a kind that is no range: the same
		if now.Sub(e.at) < c.ttl(key.kind) && !covered {
			kept = append(kept, e)
		}
	}
	c.n += len(kept) - len(c.entries[key])
	c.entries[key] = kept
	max := c.Max
	if max <= 0 {
		max = 512
	}
	for c.n > max {
		c.dropOldest()
	}
}

// dropOldest removes the entry read longest ago. c.mu is held.
func (c *Cache) dropOldest() {
	var oldKey cacheKey
	old := -1
	var at time.Time
	for k, es := range c.entries {
		for i, e := range es {
			if old < 0 || e.at.Before(at) {
				oldKey, old, at = k, i, e.at
			}
		}
	}
	if old < 0 {
		c.n = 0
		return
	}
	es := c.entries[oldKey]
	c.entries[oldKey] = append(es[:old:old], es[old+1:]...)
	if len(c.entries[oldKey]) == 0 {
		delete(c.entries, oldKey)
	}
	c.n--
}

// Forget drops the entries of client, of every athlete, of the kinds named (every kind
// when none is): what our own writes through client may have changed.
func (c *Cache) Forget(client *intervals.ClientWithResponses, kinds ...string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, es := range c.entries {
		if k.client == client && (len(kinds) == 0 || slices.Contains(kinds, k.kind)) {
			c.n -= len(es)
			delete(c.entries, k)
		}
	}
}

// Cached returns what kind holds for the call's athlete and [oldest, newest] (for a kind
// that is no range, oldest names the thing and newest is ""), reading it with fetch when
// the cache has nothing fresh that covers it. narrow cuts a covering range's value down to
// [oldest, newest] (and is what keeps a kept list from being changed by a caller); nil
// returns the kept value.
func Cached[T any](e *Env, kind, oldest, newest string, fetch func() (T, error), narrow func(v T, oldest, newest string) T) (T, error) {
	key := cacheKey{client: e.Client, athlete: e.AthleteID, kind: kind}
	if v, ok := e.Cache.get(key, oldest, newest); ok {
		if t, ok := v.(T); ok {
			if narrow != nil { // a new list, even for the same range: the kept one stays as read
				return narrow(t, oldest, newest), nil
			}
			return t, nil
		}
	}
	v, err := fetch()
	if err != nil {
		return v, err
	}
	e.Cache.put(key, oldest, newest, v)
	return v, nil
}
