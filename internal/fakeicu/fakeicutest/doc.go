// Package fakeicutest starts the fake Intervals.icu for Go tests.
//
// Start serves one over a socket for the length of a test; SignIn goes through its OAuth
// approve page as a browser does.
//
// Imports: internal/fakeicu only.
package fakeicutest
