package format

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// List is an answer made of a head, items and a tail, cut to a budget by whole items.
type List struct {
	Head  string   // first lines (always kept)
	Items []string // one entry per item, in order; each may span lines
	Tail  string   // last lines (kept when there is room)
	Noun  string   // what the items are, plural ("activities")
	Hint  string   // what to do to see the rest ("narrow the range")
	// Whole is the last line when no item was cut (a note that would contradict the cut
	// line's hint otherwise); it takes the cut line's place and room.
	Whole string
}

// Render joins the list within max characters. Items that do not fit are dropped from the
// end and counted in a last line: "… 37 more activities; narrow the range". The tail comes
// after it when there is room; a head longer than the budget is clipped (Clip).
func (l List) Render(max int) string {
	var b strings.Builder
	write := func(s string) {
		if s == "" {
			return
		}
		b.WriteString(s)
		if !strings.HasSuffix(s, "\n") {
			b.WriteByte('\n')
		}
	}
	write(l.Head)
	size := func(s string) int { return utf8.RuneCountInString(s) + 1 }
	used := utf8.RuneCountInString(b.String())
	// reserve room for the cut line
	reserve := size(fmt.Sprintf("… %d more %s; %s", len(l.Items), l.Noun, l.Hint))
	if w := size(l.Whole); w > reserve {
		reserve = w
	}
	tail := 0
	if l.Tail != "" {
		tail = size(l.Tail)
	}
	kept := 0
	for i, it := range l.Items {
		need := size(it)
		room := max - used - tail
		if i < len(l.Items)-1 {
			room -= reserve
		} else if l.Whole != "" {
			room -= size(l.Whole)
		}
		if need > room {
			if kept == 0 && room > 40 {
				// one item bigger than the budget: clip it rather than show nothing
				it = Clip(it, room-1)
				write(it)
				used += size(it)
				kept++
			}
			break
		}
		write(it)
		used += need
		kept++
	}
	if rest := len(l.Items) - kept; rest > 0 {
		cut := fmt.Sprintf("… %d more %s; %s", rest, l.Noun, l.Hint)
		write(cut)
		used += size(cut)
	} else if l.Whole != "" {
		write(l.Whole)
		used += size(l.Whole)
	}
	if l.Tail != "" && used+tail <= max {
		write(l.Tail)
	}
	return Clip(strings.TrimRight(b.String(), "\n"), max)
}

// Clip cuts s to at most max characters, ending with a note of how much was cut.
func Clip(s string, max int) string {
	n := utf8.RuneCountInString(s)
	if n <= max {
		return s
	}
	note := func(k int) string { return fmt.Sprintf("… (%d more characters cut)", k) }
	keep := max - utf8.RuneCountInString(note(n))
	if keep < 0 {
		keep = 0
	}
	r := []rune(s)
	return string(r[:keep]) + note(n-keep)
}
