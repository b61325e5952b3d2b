// Package storetest has stores for the tests of what uses internal/store.
//
// Imports: internal/store only.
package storetest
