package charts

import (
	"bytes"
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata/golden")

// kinds are the sample charts of testdata (the tools' data for the demo athlete, kept equal
// to it by the tools tests).
var kinds = []string{"fitness", "curves", "volume"}

func sample(t *testing.T, kind string) *Chart {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", kind+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var c Chart
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// differs is the share of pixels of a and b that differ by more than 64 (of 255) in a
// channel; images of different sizes differ everywhere.
func differs(a, b image.Image) float64 {
	if a.Bounds().Size() != b.Bounds().Size() {
		return 1
	}
	n, bad := 0, 0
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			n++
			r1, g1, b1, _ := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				bad++
			}
		}
	}
	return float64(bad) / float64(n)
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 64 || d < -64
}

// compareGolden compares a PNG with testdata/golden/<name>.png within tolerance (a share of
// pixels), or rewrites it under -update. A failure leaves the image beside the golden one.
func compareGolden(t *testing.T, name string, got []byte, tolerance float64) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	want := goldenfile.Want(t, path, got, *update, "go test ./internal/charts -update")
	wi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	gi, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("%s: not a PNG: %v", name, err)
	}
	if d := differs(wi, gi); d > tolerance {
		out := filepath.Join(t.TempDir(), name+".png")
		_ = os.WriteFile(out, got, 0o644)
		t.Errorf("%s differs from %s in %.2f%% of its pixels (tolerance %.2f%%); the new image is %s",
			name, path, 100*d, 100*tolerance, out)
	}
}

func TestPNGsMatchTheGoldenImages(t *testing.T) {
	for _, kind := range kinds {
		b, err := PNG(sample(t, kind))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if s := img.Bounds().Size(); s.X != WidthPx || s.Y != HeightPx {
			t.Errorf("%s: %v", kind, s)
		}
		if len(b) > 200<<10 {
			t.Errorf("%s: %d bytes", kind, len(b))
		}
		compareGolden(t, "png-"+kind, b, 0.005)
	}
}

func TestPNGOfAChartWithoutDataSaysSo(t *testing.T) {
	if _, err := PNG(&Chart{Kind: "none"}); err == nil {
		t.Error("a chart of no kind: no error")
	}
	for _, c := range []*Chart{{Kind: "fitness", Fitness: &Fitness{}}, {Kind: "curves", Curves: &Curves{Series: []Series{{Label: "90 days"}}}}, {Kind: "volume", Volume: &Volume{}}} {
		if b, err := PNG(c); err != nil || len(b) == 0 {
			t.Errorf("%s: %d bytes, %v", c.Kind, len(b), err)
		}
	}
}

func TestSummariesStayShort(t *testing.T) {
	for _, kind := range kinds {
		s := Summary(sample(t, kind))
		// o200k counts about 4 characters a token on this text; 300 tokens is the cap.
		if len(s) > 900 {
			t.Errorf("%s: %d characters:\n%s", kind, len(s), s)
		}
	}
}

// TestPNGsDrawConcurrently: a server draws for several calls at once (they share the fonts).
func TestPNGsDrawConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for _, kind := range append(kinds, kinds...) {
		c := sample(t, kind)
		wg.Go(func() {
			if _, err := PNG(c); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
