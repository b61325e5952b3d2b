package fakeicu

import (
	"net/http"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// streamOut is a stream as the real API sends it: the spec's ActivityStream plus valueType,
// the Java type of the samples, which the spec does not declare.
type streamOut struct {
	api.ActivityStream
	ValueType string `json:"valueType"`
}

// valueTypes are the Java sample types the API reports per stream.
var valueTypes = map[string]string{
	"time": "java.lang.Integer", "watts": "java.lang.Integer", "cadence": "java.lang.Integer",
	"heartrate": "java.lang.Integer", "temp": "java.lang.Integer",
}

// GetActivityStreams answers GET /activity/{id}/streams{ext}?types=...: the activity's 1 Hz
// streams, regenerated from its recipe; every stream it has when types is empty.
func (s *server) GetActivityStreams(w http.ResponseWriter, r *http.Request, id string, ext string, p api.GetActivityStreamsParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	// The recipe is read under the lock; the streams are generated after, without it.
	var spec synth.StreamSpec
	var found, has bool
	s.readActivity(w, r, id, func(_ *store, a *synth.Athlete, _ *api.Activity) {
		found = true
		spec, has = a.StreamSpecs[id]
	})
	if !found {
		return
	}
	if !has {
		// A manual activity has no recorded data.
		writeJSON(w, http.StatusOK, []streamOut{})
		return
	}
	var types []string
	for _, t := range deref(p.Types) {
		for _, name := range strings.Split(t, ",") {
			if name = strings.TrimSpace(name); name != "" {
				types = append(types, name)
			}
		}
	}
	streams := synth.Streams(spec, types)
	out := make([]streamOut, len(streams))
	for i, s := range streams {
		vt := valueTypes[deref(s.Type)]
		if vt == "" {
			vt = "java.lang.Float"
		}
		out[i] = streamOut{ActivityStream: s, ValueType: vt}
	}
	writeJSON(w, http.StatusOK, out)
}

// streamInts returns the samples of an integer stream, or nil.
func streamInts(streams []api.ActivityStream, typ string) []int32 {
	for _, s := range streams {
		if deref(s.Type) == typ {
			if v, ok := s.Data.([]int32); ok {
				return v
			}
		}
	}
	return nil
}

// containsSport reports whether sport settings cover a sport type.
func containsSport(ss api.SportSettings, sport string) bool {
	return slices.Contains(deref(ss.Types), api.SportType(sport))
}
