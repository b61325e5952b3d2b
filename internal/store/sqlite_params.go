package store

import "strings"

// The store's SQL is one text for both databases, with PostgreSQL's $n placeholders: $n is
// the n-th argument, wherever it stands and however often. SQLite reads $1 as a *named*
// parameter, "$1", numbered in the order of first appearance, and the SQLite driver binds
// positional arguments by those numbers: `... $2 ... $1` would bind the first argument to $2.
// ?n is SQLite's numbered parameter, the n-th argument as in PostgreSQL; so the SQLite
// connections (conn.go) rewrite each $n to ?n before SQLite sees the statement.
// (modernc.org/sqlite, the driver before, bound $n by its number itself.)

// numberParams rewrites each $n placeholder of query to ?n: a $ followed by digits, neither
// inside an identifier (SQLite allows $ in one) nor in a string literal, a quoted identifier
// or a comment.
func numberParams(query string) string {
	if strings.IndexByte(query, '$') < 0 {
		return query
	}
	var b strings.Builder // the query up to q[done], rewritten; one allocation
	done := 0
	for i, q := 0, query; i < len(q); i++ {
		switch c := q[i]; c {
		case '\'', '"', '`':
			i = skipTo(q, i+1, q[i:i+1])
		case '[':
			i = skipTo(q, i+1, "]")
		case '-':
			if strings.HasPrefix(q[i:], "--") {
				i = skipTo(q, i+2, "\n")
			}
		case '/':
			if strings.HasPrefix(q[i:], "/*") {
				i = skipTo(q, i+2, "*/")
			}
		case '$':
			j := i + 1
			for j < len(q) && '0' <= q[j] && q[j] <= '9' {
				j++
			}
			if j > i+1 && (i == 0 || !idChar(q[i-1])) && (j == len(q) || !idChar(q[j])) {
				if done == 0 {
					b.Grow(len(q))
				}
				b.WriteString(q[done:i])
				b.WriteByte('?')
				done = i + 1
			}
			i = j - 1
		}
	}
	if done == 0 {
		return query
	}
	b.WriteString(query[done:])
	return b.String()
}

// skipTo returns the index of the last byte of the first end in q at or after i (len(q)-1
// when there is none: the rest is quoted, or commented out).
func skipTo(q string, i int, end string) int {
	if k := strings.Index(q[i:], end); k >= 0 {
		return i + k + len(end) - 1
	}
	return len(q) - 1
}

// idChar says whether SQLite may read c as part of an identifier.
func idChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$' || c >= 0x80
}
