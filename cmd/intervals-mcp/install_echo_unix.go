//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import "golang.org/x/sys/unix"

// echoOff turns off the echo of the terminal fd until restore is called; ok is false when
// fd is not a terminal. (The same termios change as golang.org/x/term's ReadPassword.)
func echoOff(fd uintptr) (restore func(), ok bool) {
	t, err := unix.IoctlGetTermios(int(fd), ioctlGetTermios)
	if err != nil {
		return nil, false
	}
	old := *t
	t.Lflag &^= unix.ECHO
	t.Lflag |= unix.ICANON | unix.ISIG
	t.Iflag |= unix.ICRNL
	if err := unix.IoctlSetTermios(int(fd), ioctlSetTermios, t); err != nil {
		return nil, false
	}
	return func() { _ = unix.IoctlSetTermios(int(fd), ioctlSetTermios, &old) }, true
}
