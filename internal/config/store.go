package config

import (
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"time"
)

// The store's settings (internal/store): where it lives, and the shared upstream budgets of
// an HTTP server.

// Defaults of the upstream budgets of an HTTP server: per caller (a credential acting for
// one athlete) Intervals.icu's 10 requests/s with a burst of 5, under a budget for the whole
// deployment, shared by its replicas.
const (
	DefaultUpstreamRate = 10.0
	DefaultGlobalRate   = 40.0
)

// StoreConfig is where the store is and what the budgets are.
type StoreConfig struct {
	DataDir      string  // --data-dir, INTERVALS_MCP_DATA_DIR; "" means the user's config directory
	DatabaseURL  string  // --database-url, DATABASE_URL: postgres:// for PostgreSQL; "" means SQLite in DataDir
	UpstreamRate float64 // --upstream-rate, INTERVALS_MCP_UPSTREAM_RATE: requests/s per caller
	GlobalRate   float64 // --global-rate, INTERVALS_MCP_GLOBAL_RATE: requests/s for the deployment
	// JournalLease is how long a write journal stays its writer's without news before another
	// replica rolls it back (INTERVALS_MCP_JOURNAL_LEASE; 0 means the store's default, 5s);
	// a writer renews it every third of it while it works.
	JournalLease time.Duration
}

type storeFlags struct {
	dataDir, databaseURL, upstreamRate, globalRate *string
}

func bindStore(fs *flag.FlagSet) *storeFlags {
	f := bindStoreLocation(fs)
	f.upstreamRate = fs.String("upstream-rate", "", "HTTP server: Intervals.icu requests/s per caller (credential and athlete) [INTERVALS_MCP_UPSTREAM_RATE; default 10]")
	f.globalRate = fs.String("global-rate", "", "HTTP server: Intervals.icu requests/s for all callers of all replicas [INTERVALS_MCP_GLOBAL_RATE; default 40]")
	return f
}

// bindStoreLocation binds where the store is: --data-dir and --database-url.
func bindStoreLocation(fs *flag.FlagSet) *storeFlags {
	return &storeFlags{
		dataDir:     fs.String("data-dir", "", "directory of the store (SQLite) [INTERVALS_MCP_DATA_DIR; default the user's config directory/intervals-mcp]"),
		databaseURL: fs.String("database-url", "", "postgres://... to keep the store in PostgreSQL, shared by replicas [DATABASE_URL; default SQLite in --data-dir]"),
	}
}

// StoreFlags are the flags of a command that opens the store and serves nothing
// (intervals-mcp token): --data-dir, --database-url, --seal-key-file and --env-file, read as
// serve reads them (flag, environment, .env).
type StoreFlags struct {
	fs          *flag.FlagSet
	envFile     *string
	sealKeyFile *string
	store       *storeFlags
}

// BindStore defines the store's flags on fs.
func BindStore(fs *flag.FlagSet) *StoreFlags {
	return &StoreFlags{fs: fs, store: bindStoreLocation(fs), envFile: bindEnvFile(fs),
		sealKeyFile: fs.String("seal-key-file", "", "file of the keys that seal users' Intervals.icu tokens, as serve takes it: token revoke uses them to disconnect an athlete it forgets [MCP_SEAL_KEY_FILE; or MCP_SEAL_KEYS]")}
}

// Load resolves the store's settings from the parsed flags, the environment (getenv; nil
// means os.LookupEnv) and the .env file, with the seal keys (OAuth.SealKeys, SealKeyFile)
// and BaseURL, which open the athletes' sealed tokens and reach Intervals.icu; the rest of
// the Config is zero. Its errors never hold the database password.
func (f *StoreFlags) Load(getenv func(string) (string, bool)) (*Config, error) {
	get, _, err := resolver(f.fs, *f.envFile, getenv)
	if err != nil {
		return nil, err
	}
	c := &Config{}
	if err := f.store.load(c, get); err != nil {
		return nil, redactError(err, []string{databasePassword(c.Store.DatabaseURL)})
	}
	c.OAuth.SealKeys = get("", "MCP_SEAL_KEYS", "")
	c.OAuth.SealKeyFile = get("seal-key-file", "MCP_SEAL_KEY_FILE", "")
	c.BaseURL = get("", "INTERVALS_API_BASE_URL", "")
	return c, checkBaseURL(c.BaseURL)
}

// load resolves the store's settings with Load's get (flag, environment, .env, default).
func (f *storeFlags) load(c *Config, get func(flagName, env, def string) string) error {
	c.Store.DataDir = get("data-dir", "INTERVALS_MCP_DATA_DIR", "")
	c.Store.DatabaseURL = get("database-url", "DATABASE_URL", "")
	var err error
	if c.Store.UpstreamRate, err = parseRate("INTERVALS_MCP_UPSTREAM_RATE", get("upstream-rate", "INTERVALS_MCP_UPSTREAM_RATE", "")); err != nil {
		return err
	}
	if c.Store.GlobalRate, err = parseRate("INTERVALS_MCP_GLOBAL_RATE", get("global-rate", "INTERVALS_MCP_GLOBAL_RATE", "")); err != nil {
		return err
	}
	if c.Store.UpstreamRate == 0 {
		c.Store.UpstreamRate = DefaultUpstreamRate
	}
	if c.Store.GlobalRate == 0 {
		c.Store.GlobalRate = DefaultGlobalRate
	}
	if s := get("", "INTERVALS_MCP_JOURNAL_LEASE", ""); s != "" {
		if c.Store.JournalLease, err = time.ParseDuration(s); err != nil || c.Store.JournalLease <= 0 {
			return fmt.Errorf("INTERVALS_MCP_JOURNAL_LEASE %q: use a duration such as 5s", s)
		}
	}
	return nil
}

func parseRate(name, s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) {
		return 0, fmt.Errorf("%s %q: use a number of requests per second above 0, such as 10", name, s)
	}
	return v, nil
}

// databasePassword is the password in a database URL, a secret never to show.
func databasePassword(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.User == nil {
		return ""
	}
	pw, _ := p.User.Password()
	return pw
}
