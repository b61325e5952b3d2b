package format

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Gear lists gear with distance, time and activity count; retired gear last.
func (u Units) Gear(gs []intervals.Gear, max int) string {
	if len(gs) == 0 {
		return "No gear on this athlete's account."
	}
	sorted := append([]intervals.Gear(nil), gs...)
	sort.SliceStable(sorted, func(i, j int) bool {
		ri, rj := sorted[i].Retired != nil, sorted[j].Retired != nil
		return !ri && rj
	})
	items := make([]string, len(sorted))
	for i, g := range sorted {
		var f []string
		if v, ok := f32(g.Distance); ok {
			f = append(f, u.Distance(v, ""))
		}
		if v, ok := f32(g.Time); ok {
			f = append(f, Duration(v))
		}
		if v, ok := i32(g.Activities); ok {
			f = append(f, plural(int(v), "activity", "activities"))
		}
		if g.Purchased != nil && *g.Purchased != "" {
			f = append(f, "since "+strings.SplitN(*g.Purchased, "T", 2)[0])
		}
		if g.Retired != nil && *g.Retired != "" {
			f = append(f, "retired "+strings.SplitN(*g.Retired, "T", 2)[0])
		}
		if g.Component != nil && *g.Component {
			f = append(f, "component")
		}
		if g.Reminders != nil {
			for _, r := range *g.Reminders {
				if p, ok := f32(r.PercentUsed); ok {
					f = append(f, fmt.Sprintf("reminder %s %.0f%% used", quote(r.Name), p))
				}
			}
		}
		items[i] = fmt.Sprintf("- %s %s [%s]: %s", orMissing(str(g.Type), "Gear"), quote(g.Name), str(g.Id), orMissing(strings.Join(f, ", "), "no usage recorded"))
	}
	return List{Head: fmt.Sprintf("%d gear items (distance and moving time used):", len(gs)), Items: items, Noun: "gear items", Hint: "the rest are on intervals.icu"}.Render(max)
}

// CustomItems lists custom items (charts, fields, zones) by id, type and name.
func CustomItems(items []intervals.CustomItem, max int) string {
	if len(items) == 0 {
		return "No custom items."
	}
	lines := make([]string, len(items))
	for i, c := range items {
		l := fmt.Sprintf("- [%d] %s %s", derefI(c.Id), orMissing(str(c.Type), "ITEM"), quote(c.Name))
		if c.Description != nil && strings.TrimSpace(*c.Description) != "" {
			l += " - " + Clip(strings.Join(strings.Fields(*c.Description), " "), 120)
		}
		lines[i] = l
	}
	return List{Head: fmt.Sprintf("%d custom items (get_custom_item_by_id shows one with its content):", len(items)), Items: lines, Noun: "items", Hint: "ask for one by id"}.Render(max)
}

// CustomItem shows one custom item with its content as JSON.
func CustomItem(c intervals.CustomItem, content json.RawMessage, max int) string {
	l := []string{fmt.Sprintf("[%d] %s %s", derefI(c.Id), orMissing(str(c.Type), "ITEM"), quote(c.Name))}
	if c.Visibility != nil {
		l = append(l, "Visibility: "+string(*c.Visibility))
	}
	if c.Description != nil && strings.TrimSpace(*c.Description) != "" {
		l = append(l, "Description: "+strings.TrimSpace(*c.Description))
	}
	if len(content) > 0 && string(content) != "null" {
		l = append(l, "Content (JSON): "+string(content))
	} else {
		l = append(l, "No content.")
	}
	return Clip(strings.Join(l, "\n"), max)
}

// CustomItemWritten is the answer of create_custom_item (id 0) and update_custom_item (the
// item's id): the item as saved, or that it was written when its answer (saved nil) could
// not be read.
func CustomItemWritten(id int32, saved *intervals.CustomItem, content json.RawMessage, max int) string {
	switch {
	case saved == nil && id == 0:
		return "Custom item created."
	case saved == nil:
		return fmt.Sprintf("Custom item %d updated.", id)
	case id == 0:
		return "Created: " + CustomItem(*saved, content, max)
	}
	return "Updated: " + CustomItem(*saved, content, max)
}

// CustomItemDeleted is the answer of delete_custom_item.
func CustomItemDeleted(id int32, name string) string {
	return fmt.Sprintf("Deleted custom item %d %s.", id, name)
}

// MessageAdded is the answer of add_activity_message, with the new message's id when the
// answer gave it (nil if not).
func MessageAdded(activityID string, id *int64) string {
	if id == nil {
		return "Comment added to activity " + activityID + "."
	}
	return fmt.Sprintf("Comment added to activity %s (message id %d).", activityID, *id)
}

// Messages lists an activity's comments, oldest first.
func (u Units) Messages(activityID string, ms []intervals.Message, max int) string {
	if len(ms) == 0 {
		return fmt.Sprintf("No comments on activity %s.", activityID)
	}
	ms = append([]intervals.Message(nil), ms...)
	sort.SliceStable(ms, func(i, j int) bool { return created(ms[i]).Before(created(ms[j])) })
	items := make([]string, 0, len(ms))
	for _, m := range ms {
		if m.Deleted != nil && !m.Deleted.IsZero() {
			continue
		}
		when := ""
		if m.Created != nil && !m.Created.IsZero() {
			when = m.Created.Time.In(u.loc()).Format("Mon 2006-01-02 15:04") + " "
		}
		items = append(items, fmt.Sprintf("- %s%s: %s", when, orMissing(str(m.Name), orMissing(str(m.AthleteId), "someone")), strings.TrimSpace(str(m.Content))))
	}
	return List{Head: fmt.Sprintf("Comments on activity %s (athlete-local times):", activityID), Items: items, Noun: "comments", Hint: "older ones are on intervals.icu"}.Render(max)
}

func created(m intervals.Message) time.Time {
	if m.Created == nil {
		return time.Time{}
	}
	return m.Created.Time
}
