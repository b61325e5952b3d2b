package main

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// docPages are the pages that link to each other, from the repository's root: the README and
// the manuals beside what they document.
var docPages = []string{"README.md", "cmd/intervals-mcp/README.md", "internal/tools/README.md", "internal/bench/README.md"}

// TestDocsLinksResolve follows every relative link of the pages: the file or folder must
// exist, and an #anchor into a Markdown page must be one of its headings (as GitHub makes
// their anchors) or an <a id>. The README must link to each manual.
func TestDocsLinksResolve(t *testing.T) {
	anchors := map[string][]string{}
	anchorsOf := func(page string) ([]string, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		a, err := pageAnchors("../../" + page)
		anchors[page] = a
		return a, err
	}
	for _, page := range docPages {
		links, err := pageLinks("../../" + page)
		if err != nil {
			t.Fatal(err)
		}
		if page == "README.md" {
			for _, manual := range docPages[1:] {
				if !slices.ContainsFunc(links, func(l link) bool { return strings.HasPrefix(l.target, manual) }) {
					t.Errorf("README.md does not link to %s", manual)
				}
			}
		}
		for _, l := range links {
			file, frag, _ := strings.Cut(l.target, "#")
			target := page
			if file != "" {
				target = path.Join(path.Dir(page), file)
				if strings.HasPrefix(target, "../") {
					t.Errorf("%s:%d: %s leaves the repository", page, l.line, l.target)
					continue
				}
				if _, err := os.Stat("../../" + target); err != nil {
					t.Errorf("%s:%d: %s: no such file or folder (%s)", page, l.line, l.target, target)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(target, ".md") {
				continue
			}
			as, err := anchorsOf(target)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(as, frag) {
				t.Errorf("%s:%d: %s: %s has no heading with the anchor #%s", page, l.line, l.target, target, frag)
			}
		}
	}
}

// TestDocsReadmeAtMost400Lines keeps the README a page a user reads: the reference, the
// operator's manual and the benchmark's figures have their own pages.
func TestDocsReadmeAtMost400Lines(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 400 {
		t.Errorf("README.md has %d lines, at most 400: move what is not for a user to the page beside what it documents", n)
	}
}

func TestAnchorIsGitHubs(t *testing.T) {
	for heading, want := range map[string]string{
		"Try it in one command": "try-it-in-one-command",
		"Remote sign-in (OAuth): claude.ai, Claude mobile, ChatGPT": "remote-sign-in-oauth-claudeai-claude-mobile-chatgpt",
		"`get_athlete_context`":                       "get_athlete_context",
		"Fitness, fatigue and form":                   "fitness-fatigue-and-form",
		"Check the setup: intervals-mcp doctor":       "check-the-setup-intervals-mcp-doctor",
		"The demo athlete and the fake Intervals.icu": "the-demo-athlete-and-the-fake-intervalsicu",
		"What reaches the watch — and why":            "what-reaches-the-watch--and-why",
		"[Links](x.md) and **bold**":                  "links-and-bold",
	} {
		if got := anchor(heading); got != want {
			t.Errorf("anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// link is a relative link of a page, with its line.
type link struct {
	target string
	line   int
}

var (
	inlineLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	refLink    = regexp.MustCompile(`^\s*\[[^\]]+\]:\s*(\S+)`)
	codeSpan   = regexp.MustCompile("`[^`]*`")
	hrefAttr   = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	mdLink     = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
)

// pageLinks lists the page's links that are not absolute URLs, outside code.
func pageLinks(page string) ([]link, error) {
	var out []link
	err := eachProseLine(page, func(n int, line string) {
		line = codeSpan.ReplaceAllString(line, "")
		var targets []string
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			out = append(out, link{target, n})
		}
	})
	return out, err
}

// pageAnchors lists the anchors of a page's headings, as GitHub makes them (a second heading
// of the same text gets "-1"), and of its <a id> and <a name> elements.
func pageAnchors(page string) ([]string, error) {
	var out []string
	seen := map[string]int{}
	err := eachProseLine(page, func(_ int, line string) {
		for _, m := range hrefAttr.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			return
		}
		a := anchor(text)
		if n := seen[a]; n > 0 {
			out = append(out, fmt.Sprintf("%s-%d", a, n))
		} else {
			out = append(out, a)
		}
		seen[a]++
	})
	return out, err
}

// eachProseLine calls f with each line of the page outside fenced code blocks.
func eachProseLine(page string, f func(n int, line string)) error {
	return eachLine(page, func(n int, line string, fenced bool) {
		if !fenced {
			f(n, line)
		}
	})
}

// eachLine calls f with each line of the page but the fences, saying whether it is inside a
// fenced code block.
func eachLine(page string, f func(n int, line string, fenced bool)) error {
	file, err := os.Open(page)
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	fenced := false
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		f(n, line, fenced)
	}
	return sc.Err()
}

// anchor is the anchor GitHub gives a heading: its text as shown (links' text, no code or
// emphasis marks), lower-cased, without punctuation but hyphens and underscores, each
// space a hyphen.
func anchor(heading string) string {
	text := mdLink.ReplaceAllString(strings.TrimSpace(heading), "$1")
	text = strings.NewReplacer("`", "", "**", "", "*", "").Replace(text)
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocsMakeTargets holds make help and the pages to the Makefile: every target has its
// "## target: what it does" line (a comment or more may follow it before the rule), and
// every `make target` the pages show exists.
func TestDocsMakeTargets(t *testing.T) {
	data, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	rule := regexp.MustCompile(`^([a-z][a-z0-9-]*):([^=]|$)`)
	var targets []string
	for i, line := range lines {
		m := rule.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		targets = append(targets, m[1])
		if m[1] == "all" {
			continue
		}
		j := i - 1
		for j >= 0 && strings.HasPrefix(lines[j], "# ") {
			j--
		}
		if j < 0 || !strings.HasPrefix(lines[j], "## "+m[1]+": ") {
			t.Errorf("Makefile: target %s has no \"## %s: what it does\" line above it, which make help lists", m[1], m[1])
		}
	}
	makeCmd := regexp.MustCompile(`(?:^|\x60)make ([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)*)`)
	for _, page := range docPages {
		f, err := os.ReadFile("../../" + page)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(f), "\n") {
			for _, m := range makeCmd.FindAllStringSubmatch(strings.TrimSpace(line), -1) {
				for _, target := range strings.Fields(m[1]) {
					if !slices.Contains(targets, target) {
						t.Errorf("%s: `make %s`: the Makefile has no target %s", page, m[1], target)
					}
				}
			}
		}
	}
}

// TestDocsPackageMapNamesEveryPackage keeps the README's map of internal/ whole: a new
// package gets its line there, saying its job.
func TestDocsPackageMapNamesEveryPackage(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	_, dev, ok := strings.Cut(string(data), "\n## Development\n")
	_, tree, ok2 := strings.Cut(dev, "\ninternal/\n")
	tree, _, ok3 := strings.Cut(tree, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md's Development section has no code block with an internal/ line and the packages under it")
	}
	var named []string
	for _, line := range strings.Split(tree, "\n") {
		for _, f := range strings.Fields(line) {
			if name, ok := strings.CutSuffix(strings.TrimSuffix(f, ":"), "/"); ok {
				named = append(named, name)
			}
		}
	}
	entries, err := os.ReadDir("../../internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !slices.Contains(named, e.Name()) {
			t.Errorf("internal/%s is not in README.md's package map (Development): add its line", e.Name())
		}
	}
}

// TestDocsDemoCommandsRun runs, on the built binary, every command of the pages that needs
// nothing but the demo: `intervals-mcp call|doctor|tools ... --demo` and `intervals-mcp
// install ... --demo --dry-run` (or `go run ./cmd/intervals-mcp ...`), in code blocks and
// code spans, exactly as written. Each must exit 0 and print something.
func TestDocsDemoCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary on the demo for each command: not with -short")
	}
	var ran int
	for _, page := range docPages {
		for _, c := range demoCommands(t, "../../"+page) {
			ran++
			t.Logf("%s:%d: %s", page, c.line, c.text)
			r := runBin(t, nil, c.args...)
			if r.code != 0 || strings.TrimSpace(r.stdout) == "" {
				t.Errorf("%s:%d: %s: exit status %d\n%s%s", page, c.line, c.text, r.code, r.stdout, r.stderr)
			}
		}
	}
	if ran < 5 {
		t.Errorf("only %d demo commands found in the pages: the parser lost them", ran)
	}
}

// demoCommand is a command line of a page that runs on the demo alone, with its arguments.
type demoCommand struct {
	text string
	line int
	args []string
}

func demoCommands(t *testing.T, page string) []demoCommand {
	t.Helper()
	var out []demoCommand
	err := eachLine(page, func(n int, line string, fenced bool) {
		var candidates []string
		if fenced {
			candidates = []string{strings.TrimSpace(line)}
		} else {
			for _, span := range codeSpan.FindAllString(line, -1) {
				candidates = append(candidates, strings.Trim(span, "`"))
			}
		}
		for _, text := range candidates {
			words := shellWords(text)
			switch {
			case len(words) > 2 && words[0] == "intervals-mcp":
				words = words[1:]
			case len(words) > 4 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/intervals-mcp":
				words = words[3:]
			default:
				continue
			}
			demo, dry := slices.Contains(words, "--demo"), slices.Contains(words, "--dry-run")
			if demo && (slices.Contains([]string{"call", "doctor", "tools"}, words[0]) || words[0] == "install" && dry) {
				out = append(out, demoCommand{text, n, words})
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// shellWords splits a command line as a POSIX shell does for the forms the pages use: words
// apart by blanks, '…' and "…" quoting; it stops at an unquoted #, |, ;, & or redirection.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				return nil
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case strings.IndexByte("#|;&<>", c) >= 0 && !inWord:
			return words
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// TestDocsPathsExist holds the files and folders the pages name in code spans (`internal/...`,
// `cmd/...`, `gen/...`, `openapi/...`, `.ci/...`) to the repository: a file moved or deleted
// takes its mention with it.
func TestDocsPathsExist(t *testing.T) {
	repoPath := regexp.MustCompile(`^(internal|cmd|gen|openapi|\.ci)/[A-Za-z0-9_./-]*$`)
	for _, page := range docPages {
		err := eachProseLine("../../"+page, func(n int, line string) {
			for _, span := range codeSpan.FindAllString(line, -1) {
				p := strings.Trim(span, "`")
				if !repoPath.MatchString(p) || strings.ContainsAny(p, "<>*") {
					continue
				}
				if _, err := os.Stat("../../" + p); err != nil {
					t.Errorf("%s:%d: %s: no such file or folder", page, n, p)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
