package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the master is the keyboard and screen, the slave the
// program's terminal.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	if slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0); err != nil {
		t.Fatal(err)
	}
	return master, slave
}

// TestInstallRemotePromptsForTheTokenWithoutEcho types the token at the prompt on a real
// terminal: what the terminal shows back holds no token, the file holds it.
func TestInstallRemotePromptsForTheTokenWithoutEcho(t *testing.T) {
	master, slave := openPty(t)
	path := filepath.Join(t.TempDir(), "mcp.json")
	endpoint := remoteServer(t)
	cmd := command(t, nil, "install", "cursor", "--config", path, "--url", endpoint)
	cmd.Stdin = slave
	var stdout strings.Builder
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	guard := time.AfterFunc(60*time.Second, func() { _ = cmd.Process.Kill() }) // a hang guard, not a timing check
	defer guard.Stop()
	screen := make(chan string, 1)
	go func() { b, _ := io.ReadAll(master); screen <- string(b) }() // ends (EIO) once the program exits

	// The prompt comes after the echo is off: type the token only then.
	errs := bufio.NewReader(stderr)
	var prompt strings.Builder
	for !strings.HasSuffix(prompt.String(), "the client signs in itself): ") {
		c, err := errs.ReadByte()
		if err != nil {
			t.Fatalf("no prompt (%v); stderr: %q", err, prompt.String())
		}
		prompt.WriteByte(c)
	}
	if !strings.Contains(prompt.String(), strings.TrimSuffix(endpoint, "/mcp")+"/account") {
		t.Errorf("the prompt does not say where the token comes from: %q", prompt.String())
	}
	if _, err := io.WriteString(master, testPAT+"\n"); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(errs)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v; stderr: %s", err, rest)
	}
	if shown := <-screen; strings.Contains(shown, testPAT) {
		t.Errorf("the terminal echoed the token: %q", shown)
	}
	if strings.Contains(stdout.String()+string(rest), testPAT) {
		t.Errorf("the token was printed: %s %s", stdout.String(), rest)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "Bearer "+testPAT) {
		t.Errorf("file: %s", data)
	}
}
