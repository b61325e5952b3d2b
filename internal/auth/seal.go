package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// Each user's Intervals.icu token is sealed at rest with AES-256-GCM, under keys the
// operator gives (a list, for rotation: the first seals, all open). A sealed value is
// "v1.<key id>.<base64url of nonce and ciphertext>": the key id (8 hex digits of the key's
// SHA-256) says which key opens it without revealing it, and the version and key id are
// authenticated with the caller's associated data, so that none can be swapped.

const (
	sealVersion = "v1"
	keySize     = 32 // AES-256
	keyIDLen    = 8  // hex digits
)

const makeKeyHint = "make one with `openssl rand -base64 32`"

// ParseKeys reads sealing keys: base64 (standard or URL alphabet, padded or not) of 32
// bytes each, separated by commas, spaces or newlines; the first seals, all open. Its
// errors say which key (by position) is wrong and how to make one, never the key itself.
func ParseKeys(text string) ([][]byte, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	if len(fields) == 0 {
		return nil, errors.New("no sealing key: " + makeKeyHint)
	}
	keys := make([][]byte, 0, len(fields))
	for i, f := range fields {
		k, err := decodeKey(f)
		if err != nil {
			return nil, fmt.Errorf("sealing key %d of %d %v: %s", i+1, len(fields), err, makeKeyHint)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// decodeKey decodes one key in any of the four base64 forms; its error never quotes it.
func decodeKey(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if k, err := enc.DecodeString(s); err == nil {
			if len(k) != keySize {
				return nil, fmt.Errorf("is %d bytes, not %d", len(k), keySize)
			}
			return k, nil
		}
	}
	return nil, errors.New("is not base64")
}

// Sealer seals and opens values under a list of keys. It is safe for concurrent use.
type Sealer struct {
	keys []sealKey // keys[0] seals
}

type sealKey struct {
	id   string
	aead cipher.AEAD
}

// NewSealer returns a sealer over keys (see ParseKeys): each 32 bytes, at least one, none
// twice.
func NewSealer(keys [][]byte) (*Sealer, error) {
	if len(keys) == 0 {
		return nil, errors.New("no sealing key: " + makeKeyHint)
	}
	s := &Sealer{}
	for i, k := range keys {
		if len(k) != keySize {
			return nil, fmt.Errorf("sealing key %d is %d bytes, not %d: %s", i+1, len(k), keySize, makeKeyHint)
		}
		sum := sha256.Sum256(k)
		id := hex.EncodeToString(sum[:keyIDLen/2])
		for j, prev := range s.keys {
			if prev.id == id {
				return nil, fmt.Errorf("sealing key %d is key %d again: list each key once", i+1, j+1)
			}
		}
		block, err := aes.NewCipher(k)
		if err != nil {
			return nil, fmt.Errorf("sealing key %d: %w", i+1, err)
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, fmt.Errorf("sealing key %d: %w", i+1, err)
		}
		s.keys = append(s.keys, sealKey{id: id, aead: aead})
	}
	return s, nil
}

// Seal encrypts plain under the first key, bound to aad (say, the athlete id): Open needs
// the same aad. Two seals of one value differ (a random nonce each).
func (s *Sealer) Seal(plain, aad []byte) (string, error) {
	k := s.keys[0]
	nonce := make([]byte, k.aead.NonceSize(), k.aead.NonceSize()+len(plain)+k.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal: read random nonce: %w", err)
	}
	header := sealVersion + "." + k.id + "."
	box := k.aead.Seal(nonce, nonce, plain, sealAAD(header, aad))
	return header + base64.RawURLEncoding.EncodeToString(box), nil
}

// Open decrypts a value Seal made with any of the keys and the same aad. A value
// tampered with, sealed with other aad, or under a key no longer listed is an error, which
// never holds the plaintext.
func (s *Sealer) Open(sealed string, aad []byte) ([]byte, error) {
	version, rest, ok1 := strings.Cut(sealed, ".")
	id, data, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || version != sealVersion || len(id) != keyIDLen {
		return nil, errors.New("open sealed value: not a v1.<key id>.<data> value sealed by this server")
	}
	var key *sealKey
	for i := range s.keys {
		if s.keys[i].id == id {
			key = &s.keys[i]
		}
	}
	if key == nil {
		return nil, fmt.Errorf("open sealed value: sealed under key %s, which is not among the sealing keys: list the old key after the new one until every value is sealed again", id)
	}
	box, err := base64.RawURLEncoding.DecodeString(data)
	if err != nil || len(box) < key.aead.NonceSize()+key.aead.Overhead() {
		return nil, errors.New("open sealed value: the data is damaged (not base64url, or too short)")
	}
	n := key.aead.NonceSize()
	plain, err := key.aead.Open(nil, box[:n], box[n:], sealAAD(sealVersion+"."+id+".", aad))
	if err != nil {
		return nil, errors.New("open sealed value: it does not authenticate (tampered with, or sealed for another owner)")
	}
	return plain, nil
}

// Current reports whether a value is sealed under the first key; one that is not should be
// sealed again, so that an old key can be dropped once none uses it.
func (s *Sealer) Current(sealed string) bool {
	return strings.HasPrefix(sealed, sealVersion+"."+s.keys[0].id+".")
}

// sealAAD is what GCM authenticates besides the ciphertext: the value's header (fixed
// length, so the concatenation is unambiguous) and the caller's aad.
func sealAAD(header string, aad []byte) []byte {
	return append([]byte(header), aad...)
}
