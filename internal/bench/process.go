package bench

import (
	"bufio"
	"bytes"
	"cmp"
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
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	drained chan struct{} // closed once its output has ended and been read to the end
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
	r := bufio.NewReader(stdout)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	s := &stdioServer{cmd: cmd, stdin: stdin, drained: make(chan struct{})}
	if _, err := io.WriteString(stdin, handshake); err != nil {
		s.drain(r)
		s.stop()
		return nil, 0, err
	}
	inLine, answer := false, false // within a line longer than r's buffer; that line answers tools/list
	for {
		chunk, err := r.ReadSlice('\n')
		if err != nil && err != bufio.ErrBufferFull {
			s.drain(r)
			s.stop()
			return nil, 0, fmt.Errorf("no tools/list answer: %w", err)
		}
		if !inLine { // a line's first chunk: its id is there, after "jsonrpc"
			answer = bytes.Contains(chunk, []byte(`"id":2`))
		}
		if inLine = err == bufio.ErrBufferFull; !inLine && answer {
			d := time.Since(start)
			s.drain(r)
			return s, d, nil
		}
	}
}

// drain reads the rest of the server's output in the background, so that it never blocks
// on a full pipe.
func (s *stdioServer) drain(r *bufio.Reader) {
	go func() {
		_, _ = io.Copy(io.Discard, r)
		close(s.drained)
	}()
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
	<-s.drained
}

// ColdStart starts the binary n times and returns the median and the minimum time from
// process start to the tools/list answer over stdio.
func ColdStart(bin string, n int) (time.Duration, time.Duration, error) {
	var starts []time.Duration
	for range n {
		s, d, err := startStdio(bin)
		if err != nil {
			return 0, 0, err
		}
		s.stop()
		starts = append(starts, d)
	}
	return median(starts), slices.Min(starts), nil
}

func median[T cmp.Ordered](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// Idle is the memory of a serving process at rest, in kB of /proc/PID/status.
type Idle struct {
	RSS  int // VmRSS: all its resident pages
	Anon int // RssAnon: its own (heap, stacks, the runtime's); the rest are its binary's pages, shared and read back from the file
}

// IdleRSS is the memory of the serving process after the handshake and a moment of rest.
func IdleRSS(bin string) (Idle, error) {
	s, _, err := startStdio(bin)
	if err != nil {
		return Idle{}, err
	}
	defer s.stop()
	time.Sleep(300 * time.Millisecond)
	pid := s.cmd.Process.Pid
	rss, err := rssKB(pid)
	if err != nil {
		return Idle{}, err
	}
	anon, err := statusKB(pid, "RssAnon")
	return Idle{RSS: rss, Anon: anon}, err
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
