// Package browsertest finds the headless Chromium that the project's browser tests drive
// (the charts' view, the account page).
//
// Imports: nothing internal.
package browsertest
