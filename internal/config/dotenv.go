package config

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
)

// readDotenv reads a .env file: KEY=VALUE lines, optionally "export KEY=VALUE", values
// optionally in single or double quotes, blank lines and # comments ignored (also after an
// unquoted value or a closing quote). It is the format python-dotenv reads for the reference server.
func readDotenv(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	vars := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		key, val, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t") {
			return nil, fmt.Errorf("%s line %d: want KEY=VALUE", path, n)
		}
		val, ok = dotenvValue(strings.TrimSpace(val))
		if !ok {
			return nil, fmt.Errorf("%s line %d: the value's quote is not closed (or text other than a # comment follows it)", path, n)
		}
		vars[key] = val
	}
	return vars, sc.Err()
}

// dotenvValue is a value as written after KEY=: in single or double quotes (then a # comment
// may follow the closing quote, and a # inside the quotes is part of the value), or bare
// (then " #" starts a comment). It reports false for an unclosed quote.
func dotenvValue(val string) (string, bool) {
	if val == "" || (val[0] != '"' && val[0] != '\'') {
		if i := strings.Index(val, " #"); i >= 0 {
			val = strings.TrimSpace(val[:i])
		}
		return val, true
	}
	end := strings.IndexByte(val[1:], val[0])
	if end < 0 {
		return "", false
	}
	rest := strings.TrimSpace(val[end+2:])
	if rest != "" && !strings.HasPrefix(rest, "#") {
		return "", false
	}
	return val[1 : end+1], true
}
