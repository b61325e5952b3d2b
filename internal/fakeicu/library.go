package fakeicu

import (
	"net/http"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// ListFolders answers GET /athlete/{id}/folders: folders and plans with their workouts.
func (s *server) ListFolders(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		folders := make([]api.Folder, 0, len(a.Folders))
		for _, f := range a.Folders {
			var children []api.Workout
			for _, wk := range a.Workouts {
				if deref(wk.FolderId) == deref(f.Id) {
					children = append(children, wk)
				}
			}
			if children == nil {
				children = []api.Workout{}
			}
			f.Children = &children
			folders = append(folders, f)
		}
		writeJSON(w, http.StatusOK, folders)
	})
}

// ListWorkouts answers GET /athlete/{id}/workouts: every workout of the library.
func (s *server) ListWorkouts(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		writeJSON(w, http.StatusOK, append([]api.Workout{}, a.Workouts...))
	})
}

// ShowWorkout answers GET /athlete/{id}/workouts/{workoutId}.
func (s *server) ShowWorkout(w http.ResponseWriter, r *http.Request, id string, workoutId int32) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		i := slices.IndexFunc(a.Workouts, func(wk api.Workout) bool { return deref(wk.Id) == workoutId })
		if i < 0 {
			writeErrorf(w, http.StatusNotFound, "Workout %d not found", workoutId)
			return
		}
		writeJSON(w, http.StatusOK, a.Workouts[i])
	})
}

// CreateWorkout answers POST /athlete/{id}/workouts: name and folder_id are required, and
// the folder must exist.
func (s *server) CreateWorkout(w http.ResponseWriter, r *http.Request, id string) {
	var ex api.WorkoutEx
	if !decodeBody(w, r, &ex) {
		return
	}
	wk := cloneVia[api.Workout](ex)
	switch {
	case deref(wk.Name) == "":
		writeError(w, http.StatusUnprocessableEntity, "name is required")
		return
	case wk.FolderId == nil:
		writeError(w, http.StatusUnprocessableEntity, "folder_id is required")
		return
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		if !slices.ContainsFunc(a.Folders, func(f api.Folder) bool { return deref(f.Id) == *wk.FolderId }) {
			writeErrorf(w, http.StatusUnprocessableEntity, "Folder %d not found", *wk.FolderId)
			return
		}
		st.nextWorkoutID++
		wk.Id = ptr(st.nextWorkoutID)
		wk.AthleteId = a.Profile.Id
		wk.Updated = ptr(intervals.NewDateTime(st.now().UTC()))
		a.Workouts = append(a.Workouts, wk)
		writeJSON(w, http.StatusOK, wk)
	})
}
