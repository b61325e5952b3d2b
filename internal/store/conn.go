package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"
	"sync/atomic"
)

// Every connection of either database keeps the statements it prepares, one per query text,
// for its life: a statement is parsed (and planned) once per connection instead of at each
// use, and PostgreSQL runs a kept statement in one round trip where lib/pq spends two on an
// unnamed one. The store's queries are constant texts, a few dozen, so the cache is small;
// past maxStatements a connection prepares without keeping. The wrapper counts the
// statements it runs too (Statements), which is how the tests hold a call to its store reads.

// maxStatements bounds the statements one connection keeps.
const maxStatements = 128

// Statements counts the statements a DB has run since it was opened: reads (SELECT) and
// writes (INSERT, UPDATE, DELETE, DDL, PRAGMA); a transaction's SET is neither.
type Statements struct {
	Reads, Writes int64
}

// statementCounts are a DB's counters, shared by its connections.
type statementCounts struct{ reads, writes atomic.Int64 }

func (c *statementCounts) count(query string) {
	q := strings.TrimLeft(query, " \t\r\n(")
	switch {
	case hasPrefixFold(q, "SELECT"):
		c.reads.Add(1)
	case hasPrefixFold(q, "SET "): // a setting of the transaction: neither
	default:
		c.writes.Add(1)
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// Statements is what the DB has run so far.
func (s *DB) Statements() Statements {
	return Statements{Reads: s.counts.reads.Load(), Writes: s.counts.writes.Load()}
}

// keeping is a connector whose connections keep their statements. rewrite, when not nil,
// turns the store's query text into the driver's (SQLite's numbered parameters).
type keeping struct {
	driver.Connector
	rewrite func(string) string
	counts  *statementCounts
}

// baseConn is what a driver's connection must implement for the store.
type baseConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
}

func (k keeping) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := k.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	bc, ok := c.(baseConn)
	if !ok {
		c.Close()
		return nil, errors.New("store: the database driver's connection lacks BeginTx or PrepareContext")
	}
	return &keptConn{baseConn: bc, k: k, stmts: map[string]*keptStmt{}}, nil
}

// keptConn is a connection and the statements it keeps. database/sql uses a connection from
// one goroutine at a time, so it needs no lock.
type keptConn struct {
	baseConn
	k     keeping
	stmts map[string]*keptStmt
}

func (c *keptConn) text(query string) string {
	if c.k.rewrite != nil {
		return c.k.rewrite(query)
	}
	return query
}

func (c *keptConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

// PrepareContext hands out the kept statement of query, prepared on first use. A statement
// in use (its rows still open, in a transaction that runs the same query again) is not
// handed out twice: the second gets a statement of its own, closed after use.
func (c *keptConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if s := c.stmts[query]; s != nil && !s.inUse {
		s.inUse = true
		return s, nil
	}
	si, err := c.baseConn.PrepareContext(ctx, c.text(query))
	if err != nil {
		return nil, err
	}
	s := &keptStmt{Stmt: si, conn: c, query: query, inUse: true}
	if _, taken := c.stmts[query]; !taken && len(c.stmts) < maxStatements {
		c.stmts[query] = s
		s.kept = true
	}
	return s, nil
}

// ExecContext runs a statement without arguments directly (SQLite runs several statements
// of one text so, as the migrations have); with arguments it is prepared and kept.
func (c *keptConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	e, ok := c.baseConn.(driver.ExecerContext)
	if len(args) > 0 || !ok {
		return nil, driver.ErrSkip
	}
	c.k.counts.count(query)
	return e.ExecContext(ctx, c.text(query), args)
}

// QueryContext is ExecContext's twin for queries.
func (c *keptConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	q, ok := c.baseConn.(driver.QueryerContext)
	if len(args) > 0 || !ok {
		return nil, driver.ErrSkip
	}
	c.k.counts.count(query)
	return q.QueryContext(ctx, c.text(query), args)
}

// Close closes the kept statements, then the connection.
func (c *keptConn) Close() error {
	var errs []error
	for _, s := range c.stmts {
		errs = append(errs, s.Stmt.Close())
	}
	c.stmts = nil
	return errors.Join(append(errs, c.baseConn.Close())...)
}

func (c *keptConn) ResetSession(ctx context.Context) error {
	if r, ok := c.baseConn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *keptConn) IsValid() bool {
	if v, ok := c.baseConn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

func (c *keptConn) Ping(ctx context.Context) error {
	if p, ok := c.baseConn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// CheckNamedValue is the connection's own check, if it has one.
func (c *keptConn) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := c.baseConn.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return driver.ErrSkip
}

// keptStmt is a statement a connection keeps (kept) or one prepared for one use.
type keptStmt struct {
	driver.Stmt
	conn  *keptConn
	query string
	kept  bool
	inUse bool
}

// Close gives a kept statement back to its connection; it closes one that is not kept.
func (s *keptStmt) Close() error {
	s.inUse = false
	if s.kept {
		return nil
	}
	return s.Stmt.Close()
}

func (s *keptStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	s.conn.k.counts.count(s.query)
	if e, ok := s.Stmt.(driver.StmtExecContext); ok {
		return e.ExecContext(ctx, args)
	}
	return nil, errors.New("store: the database driver's statement lacks ExecContext")
}

func (s *keptStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	s.conn.k.counts.count(s.query)
	if q, ok := s.Stmt.(driver.StmtQueryContext); ok {
		return q.QueryContext(ctx, args)
	}
	return nil, errors.New("store: the database driver's statement lacks QueryContext")
}

// CheckNamedValue is the statement's own check, else its connection's.
func (s *keptStmt) CheckNamedValue(nv *driver.NamedValue) error {
	if ch, ok := s.Stmt.(driver.NamedValueChecker); ok {
		return ch.CheckNamedValue(nv)
	}
	return s.conn.CheckNamedValue(nv)
}
