// Package importrules holds the test of the import rules that each package's doc.go states:
// its line "Imports:" lists the packages of this module it may import ("nothing internal"
// for none), and an optional line "Never imports:" names packages it must not import,
// standard library ones included (internal/server: net/http). The test reads them with
// go list and fails on any import that breaks them; it also fails where a package has no
// doc.go or no Imports line, and where anything imports cmd/.
//
// Imports: nothing internal (its test runs go list).
package importrules
