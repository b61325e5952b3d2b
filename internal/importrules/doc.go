// Package importrules holds the test of the module's import rules. The rules are a table in
// rules_test.go, one row per package: the packages of this module it may import, and the
// packages it must never import, the standard library's included (internal/server:
// net/http). The test reads each package's imports (of its non-test files) with go list
// and fails on an import that breaks its row or imports cmd/, on a package without a row,
// and on a row for no package. Each package's doc.go says its own rules in words, for its reader; the
// table, not the words, is what the test holds, so that rewording a comment changes no rule.
//
// Imports: nothing internal (its test runs go list).
package importrules
