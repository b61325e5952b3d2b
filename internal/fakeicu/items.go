package fakeicu

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// ListGear answers GET /athlete/{id}/gear{ext}.
func (s *server) ListGear(w http.ResponseWriter, r *http.Request, id string, ext string) {
	if !jsonExt(w, r, ext) {
		return
	}
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		writeJSON(w, http.StatusOK, append([]api.Gear{}, a.Gear...))
	})
}

// ListCustomItems answers GET /athlete/{id}/custom-item.
func (s *server) ListCustomItems(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		writeJSON(w, http.StatusOK, append([]api.CustomItem{}, a.CustomItems...))
	})
}

// itemIndex finds a custom item; it answers 404 when there is none.
func itemIndex(w http.ResponseWriter, a *synth.Athlete, itemID int32) int {
	i := slices.IndexFunc(a.CustomItems, func(c api.CustomItem) bool { return deref(c.Id) == itemID })
	if i < 0 {
		writeErrorf(w, http.StatusNotFound, "Custom item %d not found", itemID)
	}
	return i
}

// GetCustomItem answers GET /athlete/{id}/custom-item/{itemId}.
func (s *server) GetCustomItem(w http.ResponseWriter, r *http.Request, id string, itemId int32) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		if i := itemIndex(w, a, itemId); i >= 0 {
			writeJSON(w, http.StatusOK, a.CustomItems[i])
		}
	})
}

// CreateCustomItem answers POST /athlete/{id}/custom-item: name and type are required.
func (s *server) CreateCustomItem(w http.ResponseWriter, r *http.Request, id string) {
	var item api.CustomItem
	if !decodeBody(w, r, &item) {
		return
	}
	if msg := validateItem(&item); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, msg)
		return
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		st.nextItemID++
		item.Id = ptr(st.nextItemID)
		item.AthleteId = a.Profile.Id
		item.Index = ptr(int32(len(a.CustomItems)))
		item.Updated = ptr(intervals.NewDateTime(st.now().UTC()))
		if item.Visibility == nil {
			item.Visibility = ptr(api.CustomItemVisibilityPRIVATE)
		}
		a.CustomItems = append(a.CustomItems, item)
		writeJSON(w, http.StatusOK, cloneVia[api.NewCustomItem](item))
	})
}

// validateItem checks what the API requires of a custom item; it returns the message or "".
func validateItem(item *api.CustomItem) string {
	switch {
	case deref(item.Name) == "":
		return "name is required"
	case deref(item.Type) == "":
		return "type is required"
	case !slices.Contains(customItemTypes, *item.Type):
		return fmt.Sprintf("Invalid type %q", *item.Type)
	}
	return ""
}

// UpdateCustomItem answers PUT /athlete/{id}/custom-item/{itemId}.
func (s *server) UpdateCustomItem(w http.ResponseWriter, r *http.Request, id string, itemId int32) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	delete(patch, "id")
	delete(patch, "athlete_id")
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		i := itemIndex(w, a, itemId)
		if i < 0 {
			return
		}
		item, ok := mergeChecked(w, a.CustomItems[i], patch, "custom item", validateItem)
		if !ok {
			return
		}
		item.Updated = ptr(intervals.NewDateTime(st.now().UTC()))
		a.CustomItems[i] = item
		writeJSON(w, http.StatusOK, item)
	})
}

// DeleteCustomItem answers DELETE /athlete/{id}/custom-item/{itemId} with an empty 200.
func (s *server) DeleteCustomItem(w http.ResponseWriter, r *http.Request, id string, itemId int32) {
	s.writeAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		i := itemIndex(w, a, itemId)
		if i < 0 {
			return
		}
		a.CustomItems = slices.Delete(a.CustomItems, i, i+1)
		w.WriteHeader(http.StatusOK)
	})
}

// customItemTypes are the custom item types the API accepts.
var customItemTypes = []api.CustomItemType{
	api.CustomItemTypeACTIVITYCHART, api.CustomItemTypeACTIVITYFIELD, api.CustomItemTypeACTIVITYHEATMAP,
	api.CustomItemTypeACTIVITYHISTOGRAM, api.CustomItemTypeACTIVITYMAP, api.CustomItemTypeACTIVITYPANEL,
	api.CustomItemTypeACTIVITYSTREAM, api.CustomItemTypeFITNESSCHART, api.CustomItemTypeFITNESSTABLE,
	api.CustomItemTypeINPUTFIELD, api.CustomItemTypeINTERVALFIELD, api.CustomItemTypeTRACECHART,
	api.CustomItemTypeZONES,
}
