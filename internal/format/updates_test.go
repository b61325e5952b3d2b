package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestActivityUpdateSaysWhatChanged(t *testing.T) {
	got := Units{}.ActivityUpdate(ActivityUpdate{ID: "i9", Sent: intervals.Activity{Description: ptr("legs heavy"), Feel: ptr(int32(4))},
		Gear: &intervals.Gear{Id: ptr("b1"), Name: ptr("Canyon")}})
	if got != "Updated activity i9: description, feel 4/5 Poor, gear Canyon (b1)." {
		t.Errorf("got %q", got)
	}
}

func TestMetricsLoggedShowsTheDayAsSaved(t *testing.T) {
	sent := intervals.Wellness{Id: ptr("2026-11-30"), RestingHR: ptr(int32(48))}
	now := intervals.Wellness{RestingHR: ptr(int32(48)), Weight: ptr(float32(70.5))}
	got := MetricsLogged(sent, &now)
	lines := strings.Split(got, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Recorded Mon 2026-11-30: ") || !strings.HasPrefix(lines[1], "The day now reads: ") ||
		!strings.Contains(lines[1], "70.5") || strings.Contains(lines[1], "2026-11-30") {
		t.Errorf("got:\n%s", got)
	}
	if got := MetricsLogged(sent, nil); strings.Contains(got, "\n") {
		t.Errorf("an unread answer adds nothing: %q", got)
	}
}

func TestCustomItemWrittenWithoutAReadableAnswer(t *testing.T) {
	if got := CustomItemWritten(0, nil, nil, 4000); got != "Custom item created." {
		t.Errorf("created: %q", got)
	}
	if got := CustomItemWritten(12, nil, nil, 4000); got != "Custom item 12 updated." {
		t.Errorf("updated: %q", got)
	}
	saved := intervals.CustomItem{Id: ptr(int32(12)), Name: ptr("FTP chart")}
	if got := CustomItemWritten(12, &saved, nil, 4000); !strings.HasPrefix(got, `Updated: [12] ITEM "FTP chart"`) || !strings.HasSuffix(got, "No content.") {
		t.Errorf("saved: %q", got)
	}
}

func TestMessageAddedWithoutAnIdSaysNone(t *testing.T) {
	if got := MessageAdded("i9", nil); got != "Comment added to activity i9." {
		t.Errorf("no id: %q", got)
	}
	if got := MessageAdded("i9", ptr(int64(77))); got != "Comment added to activity i9 (message id 77)." {
		t.Errorf("id: %q", got)
	}
}
