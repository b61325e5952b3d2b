package main

import "golang.org/x/sys/windows"

// echoOff turns off the echo of the console fd until restore is called; ok is false when
// fd is not a console. (The same console mode as golang.org/x/term's ReadPassword.)
func echoOff(fd uintptr) (restore func(), ok bool) {
	h := windows.Handle(fd)
	var old uint32
	if err := windows.GetConsoleMode(h, &old); err != nil {
		return nil, false
	}
	mode := old&^windows.ENABLE_ECHO_INPUT | windows.ENABLE_PROCESSED_INPUT | windows.ENABLE_LINE_INPUT
	if err := windows.SetConsoleMode(h, mode); err != nil {
		return nil, false
	}
	return func() { _ = windows.SetConsoleMode(h, old) }, true
}
