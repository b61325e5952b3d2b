// Package samples is the table of sample calls: arguments for every tool of the catalog on
// the embedded fake's demo athlete (Alex Demo), written for the clock Now. The sweeps of the
// tests (coach mode, answer budgets, goldens, declared operations, writes through a client
// session) and the answers of make bench all read it, so a tool's sample arguments live in
// one place. It does not import the tools: a sample names its tool, and the tests check
// that every tool has one and that every sample's tool exists.
//
// Imports: internal/fakeicu/synth, whose athlete's data fills the samples' {{name}} values.
package samples
