package install

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Run is one install of an entry in a client's file (intervals-mcp install CLIENT): the
// client, the entry's name and file, the options of Write, and where the report goes.
type Run struct {
	Client Client
	// Name is the entry's name: the one given, or the client's default once Named.
	Name string
	// Path is the file to change: the one given, or the one the client reads on this
	// system; Others are the files of the client's other builds, which the report names as
	// left alone (the Windows Store and installer builds of Claude Desktop).
	Path   string
	Others []string
	Options
	Out io.Writer // the report

	kept   bool   // the entry replaced gives its credentials (KeepCredentials)
	keptOf string // and its athlete
}

// NewRun is a run for client c on sys, its entry named name in the file at path (""
// for the defaults), reporting to out.
func NewRun(c Client, sys System, name, path string, opt Options, out io.Writer) *Run {
	r := &Run{Client: c, Name: name, Path: path, Options: opt, Out: out}
	if r.Path == "" {
		r.Path, r.Others = c.Path(sys)
	}
	return r
}

// Named gives the entry the client's default name when none was given (the demo's default
// for an entry that starts a demo, so that it never replaces the user's own), and refuses a
// name the client would not take.
func (r *Run) Named(demo bool) error {
	if r.Name == "" {
		r.Name = r.Client.EntryName
		if demo {
			r.Name = r.Client.DemoEntryName
		}
	}
	return r.Client.CheckName(r.Name)
}

// Replaced is the entry an entry that starts exe replaces: the one of its name or, when
// there is none, one an older install gave the client's former name (FormerName) that
// starts exe too, which Write then renames in its place (Options.Former).
func (r *Run) Replaced(exe string) (Entry, bool) {
	r.Former = r.Client.FormerName(r.Name)
	prev, ok := r.Client.ReadEntry(r.Path, r.Name)
	if !ok && r.Former != "" {
		if prev, ok = r.Client.ReadEntry(r.Path, r.Former); prev.Command != exe {
			ok = false // not renamed, so not replaced
		}
	}
	return prev, ok
}

// KeepCredentials records that the entry is written with the credentials of the entry it
// replaces (Entry.Credentials), for athleteID: the report says so, and a conflict says that
// --force keeps them.
func (r *Run) KeepCredentials(athleteID string) { r.kept, r.keptOf = true, athleteID }

// Write writes srv as the entry and reports what changed, each of secrets hidden; note, if
// any, ends the report. An entry of the same name that is another server's is a
// *ConflictError (replaced only with Options.Force).
func (r *Run) Write(srv Server, secrets []string, note string) error {
	res, err := r.Client.Write(r.Path, r.Name, srv, r.Options)
	var ce *ConflictError
	if errors.As(err, &ce) && r.kept {
		return fmt.Errorf("%w (with --force, the credentials it holds are kept)", err)
	}
	if err != nil {
		return err
	}
	var pairs []string
	for _, s := range secrets {
		if s != "" {
			pairs = append(pairs, s, "[redacted]")
		}
	}
	redact := strings.NewReplacer(pairs...).Replace
	if r.DryRun {
		fmt.Fprintf(r.Out, "Would change %s (dry run: nothing written):\n", res.Path)
		if res.Before != nil {
			fmt.Fprintf(r.Out, "- %q: %s\n", r.Name, redact(string(res.Before)))
		}
		fmt.Fprintf(r.Out, "+ %q: %s\n", r.Name, redact(string(res.After)))
		return nil
	}
	verb := "Added"
	if res.Replaced {
		verb = "Replaced"
	}
	fmt.Fprintf(r.Out, "%s %q in %s (%s)\n", verb, r.Name, res.Path, r.Client.Name)
	if res.Renamed != "" {
		fmt.Fprintf(r.Out, "It was called %q (an older install's name): renamed in place.\n", res.Renamed)
	}
	if res.Backup != "" {
		fmt.Fprintf(r.Out, "The previous file is kept as %s\n", res.Backup)
	}
	for _, o := range r.Others {
		fmt.Fprintf(r.Out, "(Not changed: %s, which this build of %s does not read.)\n", o, r.Client.Name)
	}
	if r.kept {
		fmt.Fprintf(r.Out, "Kept the credentials (and athlete %s) of the entry it replaces.\n", r.keptOf)
	}
	if note != "" {
		fmt.Fprintln(r.Out, note)
	}
	fmt.Fprintln(r.Out, r.Client.Reload)
	return nil
}

// ListClients writes the clients install knows and the file each reads on sys, marking the
// files that exist.
func ListClients(w io.Writer, sys System) {
	fmt.Fprintln(w, "intervals-mcp install CLIENT writes this binary into one of these clients' configuration:")
	for _, c := range Clients {
		p, _ := c.Path(sys)
		mark := ""
		if sys.Exists != nil && sys.Exists(p) {
			mark = " (exists)"
		}
		fmt.Fprintf(w, "  %-15s %-15s %s%s\n", c.ID, c.Name, p, mark)
	}
	fmt.Fprintln(w, `Add --dry-run to see the change first; "intervals-mcp install -h" lists the flags.`)
}
