package server

import (
	"context"
	"fmt"
	"log/slog"
)

// CutLogs wraps a log handler so that no value of a log line is longer than maxLogValue
// bytes (a stack trace than 8 KB): a tool error that quotes a 1 MB argument, or a client's
// huge message logged by the SDK, makes a line of a few hundred bytes, not megabytes.
func CutLogs(h slog.Handler) slog.Handler { return cutHandler{h} }

type cutHandler struct{ h slog.Handler }

func (c cutHandler) Enabled(ctx context.Context, l slog.Level) bool { return c.h.Enabled(ctx, l) }

func (c cutHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, LogValue(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(cutAttr(a))
		return true
	})
	return c.h.Handle(ctx, out)
}

func (c cutHandler) WithAttrs(as []slog.Attr) slog.Handler {
	cut := make([]slog.Attr, len(as))
	for i, a := range as {
		cut[i] = cutAttr(a)
	}
	return cutHandler{c.h.WithAttrs(cut)}
}

func (c cutHandler) WithGroup(name string) slog.Handler { return cutHandler{c.h.WithGroup(name)} }

func cutAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		if a.Key == "stack" && len(v.String()) <= 8<<10 {
			return a
		}
		return slog.String(a.Key, LogValue(v.String()))
	case slog.KindGroup:
		g := v.Group()
		cut := make([]any, len(g))
		for i, x := range g {
			cut[i] = cutAttr(x)
		}
		return slog.Group(a.Key, cut...)
	case slog.KindAny:
		if s := fmt.Sprint(v.Any()); len(s) > maxLogValue {
			return slog.String(a.Key, LogValue(s))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
