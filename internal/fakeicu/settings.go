package fakeicu

import (
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// settingsOut is sport settings as the real API sends them: the spec's SportSettings plus
// eFTPSupported (true for sports with power), which the spec does not declare.
type settingsOut struct {
	api.SportSettings
	EFTPSupported bool `json:"eFTPSupported"`
}

func settingsOf(ss api.SportSettings) settingsOut {
	return settingsOut{SportSettings: ss, EFTPSupported: slices.ContainsFunc(deref(ss.Types), func(t api.SportType) bool {
		return strings.HasSuffix(string(t), "Ride")
	})}
}

// ListSettings answers GET /athlete/{athleteId}/sport-settings.
func (s *server) ListSettings(w http.ResponseWriter, r *http.Request, athleteId string) {
	s.readAthlete(w, r, athleteId, func(_ *store, a *synth.Athlete) {
		out := make([]settingsOut, 0, len(a.SportSettings))
		for _, ss := range a.SportSettings {
			out = append(out, settingsOf(ss))
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// settingsIndex finds sport settings by numeric id or by a sport type they cover ("Ride");
// it answers 404 when none match.
func settingsIndex(w http.ResponseWriter, a *synth.Athlete, id string) int {
	n, numErr := strconv.Atoi(id)
	for i, ss := range a.SportSettings {
		if numErr == nil && int(deref(ss.Id)) == n {
			return i
		}
		if numErr != nil && slices.Contains(deref(ss.Types), api.SportType(id)) {
			return i
		}
	}
	writeErrorf(w, http.StatusNotFound, "Sport settings %q not found", id)
	return -1
}

// GetSettings1 answers GET /athlete/{athleteId}/sport-settings/{id}.
func (s *server) GetSettings1(w http.ResponseWriter, r *http.Request, athleteId string, id string) {
	s.readAthlete(w, r, athleteId, func(_ *store, a *synth.Athlete) {
		if i := settingsIndex(w, a, id); i >= 0 {
			writeJSON(w, http.StatusOK, settingsOf(a.SportSettings[i]))
		}
	})
}

// UpdateSettings answers PUT /athlete/{athleteId}/sport-settings/{id}: the body's fields
// (ftp, lthr, max_hr, threshold_pace, zones ...) replace the settings'. Power and pace zones
// are percentages of threshold and stay as they are; heart rate zones are beats per minute,
// recalculated for a new LTHR and max HR only with recalcHrZones=true, as in the API.
func (s *server) UpdateSettings(w http.ResponseWriter, r *http.Request, athleteId string, id string, p api.UpdateSettingsParams) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	delete(patch, "id")
	s.writeAthlete(w, r, athleteId, func(_ *store, a *synth.Athlete) {
		i := settingsIndex(w, a, id)
		if i < 0 {
			return
		}
		old := a.SportSettings[i]
		ss, err := mergeJSON(old, patch)
		if err != nil {
			writeErrorf(w, http.StatusUnprocessableEntity, "Invalid sport settings: %v", err)
			return
		}
		if p.RecalcHrZones {
			ss.HrZones = rescaleHRZones(deref(old.HrZones), deref(old.Lthr), deref(ss.Lthr), deref(ss.MaxHr))
		}
		a.SportSettings[i] = ss
		writeJSON(w, http.StatusOK, settingsOf(ss))
	})
}

// rescaleHRZones moves heart rate zone tops with LTHR; the last zone ends at max HR.
func rescaleHRZones(zones []int32, oldLTHR, newLTHR, maxHR int32) *[]int32 {
	if len(zones) == 0 || oldLTHR <= 0 || newLTHR <= 0 {
		return ptr(zones)
	}
	out := make([]int32, len(zones))
	for i, z := range zones {
		out[i] = int32(math.Round(float64(z) * float64(newLTHR) / float64(oldLTHR)))
	}
	if maxHR > 0 {
		out[len(out)-1] = maxHR
	}
	return &out
}
