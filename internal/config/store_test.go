package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func loadStore(t *testing.T, args []string, env map[string]string) (*StoreConfig, *flag.FlagSet, error) {
	c, fs, err := loadStoreCommand(t, args, env)
	if c == nil {
		return nil, fs, err
	}
	return &c.Store, fs, err
}

func loadStoreCommand(t *testing.T, args []string, env map[string]string) (*Config, *flag.FlagSet, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	f := BindStore(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	c, err := f.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	return c, fs, err
}

func TestStoreFlagsReadLikeServe(t *testing.T) {
	dir := inDir(t)
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("INTERVALS_MCP_DATA_DIR=/from/dotenv\nDATABASE_URL=postgres://u@h/db\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, fs, err := loadStore(t, []string{"--data-dir", "/from/flag"}, map[string]string{"INTERVALS_MCP_DATA_DIR": "/from/env", "DATABASE_URL": "postgres://e@h/db"})
	if err != nil || c.DataDir != "/from/flag" || c.DatabaseURL != "postgres://e@h/db" {
		t.Errorf("got %+v, %v; want the flag's data dir and the environment's URL", c, err)
	}
	for _, serving := range []string{"transport", "athlete", "upstream-rate", "demo"} {
		if fs.Lookup(serving) != nil {
			t.Errorf("the store's flags include the server flag --%s", serving)
		}
	}
	if c, _, _ = loadStore(t, nil, nil); c.DataDir != "/from/dotenv" || c.DatabaseURL != "postgres://u@h/db" {
		t.Errorf("without flag or environment: %+v, want .env's", c)
	}
}

func TestStoreFlagsReadTheSealKeysAndBaseURLLikeServe(t *testing.T) {
	dir := inDir(t)
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("MCP_SEAL_KEYS=a2V5\nINTERVALS_API_BASE_URL=https://icu.example\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, _, err := loadStoreCommand(t, []string{"--seal-key-file", "/keys"}, nil)
	if err != nil || c.OAuth.SealKeys != "a2V5" || c.OAuth.SealKeyFile != "/keys" || c.BaseURL != "https://icu.example" {
		t.Errorf("got %+v, %v; want .env's keys and base URL, the flag's key file", c.OAuth, err)
	}
}

func TestStoreFlagsErrorsHideTheDatabasePassword(t *testing.T) {
	inDir(t)
	_, _, err := loadStore(t, nil, map[string]string{"DATABASE_URL": "postgres://u:hunter2secret@h/db", "INTERVALS_MCP_UPSTREAM_RATE": "hunter2secret"})
	if err == nil || strings.Contains(err.Error(), "hunter2secret") {
		t.Errorf("err = %v, want an error without the password", err)
	}
}
