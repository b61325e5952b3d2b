package bench

import (
	"bufio"
	"bytes"
	"cmp"
	"debug/buildinfo"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
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
// answer has arrived, with the time that took from before the process started. It reads the
// answers through r, which it resets: a client's reader made once, so that what is timed is
// the server and not a megabyte of the measuring process's own memory made ready at every
// start, beside it on the other core (that added 0.19-0.26 ms to each measured start: medians
// of 500 starts each way, in turns, on this project's 2-core machine). r is in use until stop
// has returned.
func startStdio(bin string, r *bufio.Reader) (*stdioServer, time.Duration, error) {
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
	r.Reset(stdout)
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

// newAnswerReader is the reader startStdio reads a server's answers through: 1 MB, so that a
// tools/list answer of any size this project makes is one read.
func newAnswerReader() *bufio.Reader { return bufio.NewReaderSize(nil, 1<<20) }

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
	<-s.drained // Wait closed the pipe: the reader is free again
}

// ColdStart starts the binary n times and returns the median and the minimum time from
// process start to the tools/list answer over stdio.
func ColdStart(bin string, n int) (median, min time.Duration, err error) {
	c, err := ColdStartVsFloor(bin, n)
	return c.Median, c.Fastest, err
}

// Starts is what ColdStartVsFloor measures: the stdio server's cold start to its first
// tools/list, and the process floor (`bin version`: the same binary starting, running every
// package init and exiting) taken in turns with it, so that both see the same machine.
type Starts struct {
	Runs            int
	Median, Fastest time.Duration // to the tools/list answer over stdio
	Floor           time.Duration // median of `version`, start to exit
	FloorMaxRSS     int           // median peak resident memory of `version`, kB
	FloorRSSRuns    int
}

// Ratio is the cold start's median over the floor's.
func (s Starts) Ratio() float64 { return float64(s.Median) / float64(s.Floor) }

// ColdStartVsFloor starts "bin --demo" over stdio and "bin version", n times each in turns,
// then reads the peak memory of a few more `version` runs.
func ColdStartVsFloor(bin string, n int) (Starts, error) {
	var cold, floor []time.Duration
	r := newAnswerReader()
	for range n {
		d, err := runVersion(bin, nil, nil)
		if err != nil {
			return Starts{}, err
		}
		floor = append(floor, d)
		s, d, err := startStdio(bin, r)
		if err != nil {
			return Starts{}, err
		}
		s.stop()
		cold = append(cold, d)
	}
	var rss []int
	for range min(n, 7) {
		kb, err := versionPeakRSS(bin)
		if err != nil {
			return Starts{}, err
		}
		rss = append(rss, kb)
	}
	return Starts{Runs: n, Median: median(cold), Fastest: slices.Min(cold), Floor: median(floor), FloorMaxRSS: median(rss), FloorRSSRuns: len(rss)}, nil
}

// runVersion runs "bin version" with env and returns its wall time, from just before the
// process starts to its exit; its standard error goes to stderr when not nil. What exec would
// open at its start (the null device for each stream not given) is opened before the clock
// starts, as the stdio server's pipes are.
func runVersion(bin string, env []string, stderr io.Writer) (time.Duration, error) {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return 0, err
	}
	defer null.Close()
	cmd := exec.Command(bin, "version")
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = null, null, null
	if stderr != nil {
		cmd.Stderr = stderr
	}
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s version: %w", bin, err)
	}
	return time.Since(start), nil
}

// versionPeakRSS is the peak resident memory (kB, VmHWM) of one run of "bin version", read
// as it exits. The child's rusage cannot tell it: Go starts children with vfork, and a
// vforked child's ru_maxrss is at least its parent's (this benchmark's) resident size. So the
// child runs traced, and stops at its exit (PTRACE_O_TRACEEXIT) while /proc still has it.
func versionPeakRSS(bin string) (int, error) {
	runtime.LockOSThread() // every ptrace request of a tracee must come from one thread
	defer runtime.UnlockOSThread()
	cmd := exec.Command(bin, "version")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true}
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer cmd.Process.Release()
	pid := cmd.Process.Pid
	var ws syscall.WaitStatus
	if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil { // stopped at its exec
		return 0, err
	}
	const traceExit, eventExit = 0x40, 6 // PTRACE_O_TRACEEXIT, PTRACE_EVENT_EXIT
	if err := syscall.PtraceSetOptions(pid, traceExit); err != nil {
		_ = cmd.Process.Kill()
		return 0, fmt.Errorf("trace %s version: %w", bin, err)
	}
	kb, sig := 0, 0
	for {
		if err := syscall.PtraceCont(pid, sig); err != nil {
			return 0, err
		}
		if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil {
			return 0, err
		}
		switch {
		case ws.Exited() || ws.Signaled():
			if kb == 0 {
				return 0, fmt.Errorf("%s version exited before its peak memory could be read", bin)
			}
			return kb, nil
		case ws.Stopped() && ws.StopSignal() == syscall.SIGTRAP && ws.TrapCause() == eventExit:
			var err error
			if kb, err = statusKB(pid, "VmHWM:"); err != nil {
				return 0, err
			}
			sig = 0
		case ws.Stopped() && ws.StopSignal() != syscall.SIGTRAP:
			sig = int(ws.StopSignal()) // a signal for the child (the Go runtime's own): deliver it
		default:
			sig = 0
		}
	}
}

// statusKB reads one kB field of /proc/PID/status (Linux).
func statusKB(pid int, field string) (int, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("read %s (Linux only): %w", field, err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			var kb int
			_, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb)
			return kb, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}

func median[T cmp.Ordered](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// Inits is the cost of package initialisation, paid at every start of the binary whatever
// it then does: GODEBUG=inittrace=1 on `bin version`, the clock column of each run summed.
type Inits struct {
	Runs     int
	Median   time.Duration // of the runs' sums
	Packages []PackageInit // every package that has an init, costliest first (median per package)
	// By whose packages they are, each the median of the runs' sums over that part: what a
	// slower hour of the host lengthens everywhere, and what this module could shorten.
	Go, Dependencies, Module time.Duration
}

// PackageInit is one package's init: the median of its clock over the runs.
type PackageInit struct {
	Path  string
	Clock time.Duration
}

// MeasureInits runs "bin version" n times under GODEBUG=inittrace=1.
func MeasureInits(bin string, n int) (Inits, error) {
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return Inits{}, fmt.Errorf("read %s's build information: %w", bin, err)
	}
	var sums []time.Duration
	var partSums [owners][]time.Duration
	per := map[string][]time.Duration{}
	for range n {
		var stderr bytes.Buffer
		if _, err := runVersion(bin, []string{"GODEBUG=inittrace=1"}, &stderr); err != nil {
			return Inits{}, err
		}
		clocks := parseInitTrace(stderr.String())
		if len(clocks) == 0 {
			return Inits{}, fmt.Errorf("%s version printed no init trace", bin)
		}
		var sum time.Duration
		var parts [owners]time.Duration
		for pkg, c := range clocks {
			sum += c
			parts[packageOwner(pkg, info.Main.Path)] += c
			per[pkg] = append(per[pkg], c)
		}
		sums = append(sums, sum)
		for o, c := range parts {
			partSums[o] = append(partSums[o], c)
		}
	}
	in := Inits{Runs: n, Median: median(sums), Go: median(partSums[ownerGo]), Dependencies: median(partSums[ownerDependency]), Module: median(partSums[ownerModule])}
	for pkg, cs := range per {
		for len(cs) < n { // a package that printed nothing in a run took nothing measurable
			cs = append(cs, 0)
		}
		in.Packages = append(in.Packages, PackageInit{Path: pkg, Clock: median(cs)})
	}
	slices.SortFunc(in.Packages, func(a, b PackageInit) int {
		return cmp.Or(cmp.Compare(b.Clock, a.Clock), cmp.Compare(a.Path, b.Path))
	})
	return in, nil
}

type owner int

const (
	ownerGo     owner = iota // the runtime and the standard library, vendored parts included
	ownerModule              // the binary's main module
	ownerDependency
	owners // how many
)

// packageOwner says whose package pkg is, for a binary whose main module is module: Go's own
// packages have no dot in their first path element ("runtime", "net/http",
// "vendor/golang.org/x/net/http2/hpack"), the module's are its path or below it.
func packageOwner(pkg, module string) owner {
	first, _, _ := strings.Cut(pkg, "/")
	switch {
	case pkg == module || strings.HasPrefix(pkg, module+"/"):
		return ownerModule
	case !strings.Contains(first, "."):
		return ownerGo
	default:
		return ownerDependency
	}
}

// parseInitTrace reads the runtime's init trace, lines such as
//
//	init net/netip @1.2 ms, 0.075 ms clock, 744 bytes, 18 allocs
//
// and returns each package's clock.
func parseInitTrace(trace string) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, line := range strings.Split(trace, "\n") {
		f := strings.Fields(line)
		if len(f) < 7 || f[0] != "init" || f[5] != "ms" || f[6] != "clock," {
			continue
		}
		ms, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			continue
		}
		out[f[1]] += time.Duration(math.Round(ms * float64(time.Millisecond)))
	}
	return out
}

// IdleRSS is the resident memory (kB, from /proc/PID/status VmRSS) of the serving process
// after the handshake and a moment of rest.
func IdleRSS(bin string) (int, error) {
	s, _, err := startStdio(bin, newAnswerReader())
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
