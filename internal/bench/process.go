package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"time"
)

// handshake is what a client sends first over stdio: initialize, initialized, tools/list.
const handshake = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
`

// stdioServer is the binary serving stdio on the demo athlete, after the handshake.
type stdioServer struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

// startStdio starts "bin --demo", sends the handshake and returns once the tools/list
// answer has arrived, with the time that took from before the process started.
func startStdio(bin string) (*stdioServer, time.Duration, error) {
	cmd := exec.Command(bin, "--demo", "--log-level", "error")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	cmd.Dir = os.TempDir()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &stdioServer{cmd: cmd, stdin: stdin}
	if _, err := io.WriteString(stdin, handshake); err != nil {
		s.stop()
		return nil, 0, err
	}
	r := bufio.NewReaderSize(stdout, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			s.stop()
			return nil, 0, fmt.Errorf("no tools/list answer: %w", err)
		}
		if bytes.Contains(line, []byte(`"id":2`)) {
			d := time.Since(start)
			go io.Copy(io.Discard, r)
			return s, d, nil
		}
	}
}

func (s *stdioServer) stop() {
	_ = s.stdin.Close()
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}

// ColdStart starts the binary n times and returns the median and the minimum time from
// process start to the tools/list answer over stdio.
func ColdStart(bin string, n int) (median, min time.Duration, err error) {
	var ds []time.Duration
	for range n {
		s, d, err := startStdio(bin)
		if err != nil {
			return 0, 0, err
		}
		s.stop()
		ds = append(ds, d)
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[0], nil
}

// IdleRSS is the resident memory (kB, from /proc/PID/status VmRSS) of the serving process
// after the handshake and a moment of rest.
func IdleRSS(bin string) (int, error) {
	s, _, err := startStdio(bin)
	if err != nil {
		return 0, err
	}
	defer s.stop()
	time.Sleep(300 * time.Millisecond)
	return rssKB(s.cmd.Process.Pid)
}

// CallsPerSecond serves the binary over Streamable HTTP on the demo athlete and calls tool
// with args from `workers` sessions for d; it returns the rate of successful calls.
func CallsPerSecond(bin, tool string, args map[string]any, workers int, d time.Duration) (float64, error) {
	l, err := HTTPLatency(bin, "", tool, args, workers, 1, d)
	return l.CallsPerSec, err
}

func waitListening(addr string, timeout time.Duration) error {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("the server did not listen on %s", addr)
}
