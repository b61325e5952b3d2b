package charts

import (
	"strings"
	"testing"
)

// TestViewsSpeakThroughTheOneBridge: each view holds bridge.js once, spliced where its
// bridge script goes, and posts no message of its own (every postMessage is the bridge's).
func TestViewsSpeakThroughTheOneBridge(t *testing.T) {
	for name, doc := range map[string]string{"charts view": ViewHTML, "plan view": PlanViewHTML} {
		if n := strings.Count(doc, bridgeJS); n != 1 {
			t.Errorf("%s holds the bridge %d times, want 1", name, n)
		}
		if strings.Contains(doc, bridgeMark) {
			t.Errorf("%s still holds the bridge's mark", name)
		}
		if n, want := strings.Count(doc, "postMessage("), strings.Count(bridgeJS, "postMessage("); n != want {
			t.Errorf("%s posts messages in %d places, the bridge in %d: a view must speak through appsBridge", name, n, want)
		}
	}
}

// TestAViewWithoutTheBridgeMarkIsRefused: a view that forgot where the bridge goes fails at
// start, not in a host.
func TestAViewWithoutTheBridgeMarkIsRefused(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("withBridge accepted a document without the bridge's mark")
		}
	}()
	withBridge("x.html", "<script></script>")
}
