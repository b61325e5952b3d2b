package main

import (
	"io"
)

// toolsCmd lists the tools a configuration exposes. It needs no credentials and no network.
func toolsCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tools", stderr)
	asJSON := fs.Bool("json", false, "print JSON: name, title, toolset, access, annotations, description and input schema of each tool")
	asMarkdown := fs.Bool("markdown", false, "print a Markdown table: a row per tool with its toolset, access and what it does")
	cfg, err := loadFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	cat, err := catalog(cfg)
	if err != nil {
		return err
	}
	if err := cat.CompileAll(); err != nil {
		return err
	}
	switch {
	case *asJSON:
		return cat.WriteJSON(stdout)
	case *asMarkdown:
		_, err := io.WriteString(stdout, cat.Markdown())
		return err
	}
	return cat.WriteText(stdout)
}
