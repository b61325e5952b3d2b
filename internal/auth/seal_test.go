package auth_test

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
)

func newKey(t *testing.T) []byte {
	t.Helper()
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		t.Fatal(err)
	}
	return k
}

func newSealer(t *testing.T, keys ...[]byte) *auth.Sealer {
	t.Helper()
	s, err := auth.NewSealer(keys)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSealOpensWithTheSameAADOnly(t *testing.T) {
	s := newSealer(t, newKey(t))
	plain := []byte("intervals-access-token-1234")
	sealed, err := s.Seal(plain, []byte("i100001"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$`).MatchString(sealed) || strings.Contains(sealed, string(plain)) {
		t.Errorf("sealed = %q, want v1.<8 hex>.<base64url> without the plaintext", sealed)
	}
	got, err := s.Open(sealed, []byte("i100001"))
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("Open = %q, %v", got, err)
	}
	if _, err := s.Open(sealed, []byte("i100002")); err == nil {
		t.Error("opened with another athlete's aad")
	}
	again, _ := s.Seal(plain, []byte("i100001"))
	if again == sealed {
		t.Error("two seals of one value are equal: the nonce is not random")
	}
}

func TestOpenRefusesATamperedValueWithoutThePlaintext(t *testing.T) {
	s := newSealer(t, newKey(t))
	plain := "secret-upstream-token"
	sealed, _ := s.Seal([]byte(plain), nil)
	head := sealed[:strings.LastIndex(sealed, ".")+1]
	box, _ := base64.RawURLEncoding.DecodeString(sealed[len(head):])
	for name, v := range map[string]string{
		"a flipped bit": func() string {
			b := bytes.Clone(box)
			b[len(b)-1] ^= 1
			return head + base64.RawURLEncoding.EncodeToString(b)
		}(),
		"cut short":       head + base64.RawURLEncoding.EncodeToString(box[:10]),
		"another version": "v2" + sealed[2:],
		"not base64":      head + "!!!",
		"no header":       base64.RawURLEncoding.EncodeToString(box),
		"empty":           "",
	} {
		got, err := s.Open(v, nil)
		if err == nil || got != nil || strings.Contains(err.Error(), plain) {
			t.Errorf("%s: Open = %q, %v; want an error without the plaintext", name, got, err)
		}
	}
}

func TestRotationOpensOldValuesAndSaysWhichToSealAgain(t *testing.T) {
	oldKey, newerKey := newKey(t), newKey(t)
	before := newSealer(t, oldKey)
	sealed, _ := before.Seal([]byte("tok"), []byte("a"))
	if !before.Current(sealed) {
		t.Error("a value sealed under the only key is not current")
	}
	after := newSealer(t, newerKey, oldKey)
	if got, err := after.Open(sealed, []byte("a")); err != nil || string(got) != "tok" {
		t.Fatalf("the rotated sealer does not open an old value: %q, %v", got, err)
	}
	if after.Current(sealed) {
		t.Error("a value sealed under the old key counts as current")
	}
	resealed, _ := after.Seal([]byte("tok"), []byte("a"))
	if !after.Current(resealed) {
		t.Error("a value sealed after rotation is not current")
	}
	_, err := newSealer(t, newerKey).Open(sealed, []byte("a"))
	if err == nil || !strings.Contains(err.Error(), "not among the sealing keys") {
		t.Errorf("Open under a dropped key = %v, want an error naming the missing key", err)
	}
}

func TestParseKeysTakesEveryBase64Form(t *testing.T) {
	k1, k2, k3, k4 := newKey(t), newKey(t), newKey(t), newKey(t)
	text := base64.StdEncoding.EncodeToString(k1) + ",\n" + base64.RawStdEncoding.EncodeToString(k2) + "  " +
		base64.URLEncoding.EncodeToString(k3) + "\n" + base64.RawURLEncoding.EncodeToString(k4) + "\n"
	keys, err := auth.ParseKeys(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 4 || !bytes.Equal(keys[0], k1) || !bytes.Equal(keys[1], k2) || !bytes.Equal(keys[2], k3) || !bytes.Equal(keys[3], k4) {
		t.Errorf("ParseKeys read %d keys, not the four in order", len(keys))
	}
}

func TestParseKeysSaysHowToMakeAKeyAndNeverQuotesOne(t *testing.T) {
	short := base64.StdEncoding.EncodeToString([]byte("sixteen-byte-key"))
	good := base64.StdEncoding.EncodeToString(newKey(t))
	for name, tc := range map[string]struct{ text, want string }{
		"empty":      {" \n ", "no sealing key"},
		"too short":  {good + "," + short, "sealing key 2 of 2 is 16 bytes, not 32"},
		"not base64": {"not*base64*at*all", "sealing key 1 of 1 is not base64"},
	} {
		_, err := auth.ParseKeys(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "openssl rand -base64 32") {
			t.Errorf("%s: %v, want %q and how to make a key", name, err, tc.want)
			continue
		}
		for _, secret := range []string{short, good, "not*base64"} {
			if strings.Contains(err.Error(), secret) {
				t.Errorf("%s: the error quotes a key: %v", name, err)
			}
		}
	}
}

func TestNewSealerRefusesNoKeyAWrongSizeAndARepeat(t *testing.T) {
	k := newKey(t)
	for name, keys := range map[string][][]byte{
		"none":     nil,
		"16 bytes": {k[:16]},
		"repeated": {k, bytes.Clone(k)},
	} {
		if _, err := auth.NewSealer(keys); err == nil {
			t.Errorf("%s: NewSealer accepted it", name)
		}
	}
}
