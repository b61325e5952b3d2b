// Package goldenfile keeps tests' golden files: the file a test compares its output with, and
// rewrites with -update. Each test compares in its own way (text, a diff, images within a
// tolerance); this is the one place that reads and writes the files.
//
// Imports: nothing internal.
package goldenfile
