package format

import (
	"fmt"
	"time"
	"unicode/utf8"
)

// PeriodCreated is the answer of create_period: the period, then the sessions still to do in
// it (a holiday, sickness or injury may call for moving them), within max. unread says why
// those sessions could not be listed ("" when they were).
func (u Units) PeriodCreated(period Session, planned []Session, unread string, today time.Time, max int) string {
	out := fmt.Sprintf("Created: %s\n", u.line(period, today))
	if unread != "" {
		return out + "(could not list the sessions planned in it: " + unread + ")\n"
	}
	if len(planned) > 0 {
		head := fmt.Sprintf("%d session(s) are planned in it; move_sessions, update_session or delete_event them:", len(planned))
		out += written(head, u.sessionLines(planned, today), max-utf8.RuneCountInString(out)-1) + "\n"
	}
	return out
}

// PeriodUpdated is the answer of update_period: the period now and as it was; after is nil
// when the period could not be read back.
func (u Units) PeriodUpdated(before Session, after *Session, today time.Time) string {
	if after == nil {
		return "Updated the period.\n"
	}
	return fmt.Sprintf("Updated: %s\nWas: %s\n", u.line(*after, today), u.line(before, today))
}

// PeriodDeleted is the answer of delete_period: the period deleted; its sessions stay.
func (u Units) PeriodDeleted(period Session, today time.Time) string {
	return fmt.Sprintf("Deleted: %s\nThe sessions in it were not touched.\n", u.line(period, today))
}
