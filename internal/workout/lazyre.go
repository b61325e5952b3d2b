package workout

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on first use. The package has two dozen of them;
// compiled at package init, every run of the binary would pay for them, though most runs
// never read a workout.
type lazyRE struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

func lazyRegexp(src string) *lazyRE { return &lazyRE{src: src} }

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRE) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }

func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}

func (l *lazyRE) MatchString(s string) bool { return l.get().MatchString(s) }

func (l *lazyRE) ReplaceAllString(src, repl string) string {
	return l.get().ReplaceAllString(src, repl)
}
