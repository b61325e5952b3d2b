//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package main

// echoOff cannot turn off a terminal's echo on this system: the token is read as from a
// pipe, with no prompt (set INTERVALS_MCP_TOKEN instead of typing it).
func echoOff(uintptr) (restore func(), ok bool) { return nil, false }
