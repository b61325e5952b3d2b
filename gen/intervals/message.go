package intervals

import (
	"bytes"
	"encoding/json"
	"html"
	"strings"
	"unicode/utf8"
)

// messageOf extracts the API's own message from an error body, on one line and at most
// maxMessageLen characters. Intervals.icu answers errors in several shapes:
//
//	{"status":422,"error":"Cannot read Strava activities via the API"}
//	{"timestamp":"…","status":404,"error":"Not Found","path":"/api/v1/…"}  (Spring's default)
//	[{"status":422,"error":"Name is too long"}]                            (bulk endpoints)
//	{"message":"…"}, plain text, or an HTML page from a proxy in front of it.
func messageOf(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return ""
	}
	var msg string
	switch body[0] {
	case '{', '[', '"':
		var v any
		if json.Unmarshal(body, &v) == nil {
			msg = messageOfJSON(v)
			break
		}
		msg = string(body)
	case '<':
		msg = htmlTitle(string(body))
	default:
		msg = string(body)
	}
	return truncate(oneLine(msg), maxMessageLen)
}

// messageOfJSON finds the message in a decoded JSON error body.
func messageOfJSON(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case map[string]any:
		// Spring puts the detail in "message" and the status text in "error"; the detail wins
		// unless Spring hid it.
		if m, ok := v["message"].(string); ok && m != "" && m != "No message available" {
			return m
		}
		if m, ok := v["error"].(string); ok {
			return m
		}
		if m, ok := v["message"].(string); ok {
			return m
		}
	case []any:
		var parts []string
		for _, e := range v {
			if m := messageOfJSON(e); m != "" {
				parts = append(parts, m)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}

// htmlTitle returns the text of an HTML page's <title>, or "" when there is none.
func htmlTitle(page string) string {
	lower := strings.ToLower(page)
	start := strings.Index(lower, "<title>")
	if start < 0 {
		return ""
	}
	start += len("<title>")
	end := strings.Index(lower[start:], "</title>")
	if end < 0 {
		return ""
	}
	return html.UnescapeString(page[start : start+end])
}

// oneLine collapses all runs of white space, line breaks included, into single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// truncate cuts s to at most n characters, marking the cut with "…".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return string(runes[:n-1]) + "…"
}
