package caller

import (
	"context"
	"testing"
)

func TestWithFrom(t *testing.T) {
	if _, ok := From(context.Background()); ok {
		t.Fatal("an empty context carries a caller")
	}
	c := Caller{Token: "tok", AthleteID: "i1", Grant: "access:g1", Scopes: []string{ScopeRead}}
	got, ok := From(With(context.Background(), c))
	if !ok || got.Token != "tok" || got.Grant != "access:g1" || !got.Has(ScopeRead) || got.Has(ScopeWrite) {
		t.Errorf("From(With(c)) = %+v, %v", got, ok)
	}
}

// A signed-in caller's key is its sign-in's, never the server's credential; the server's
// own caller keys on the credential it is given. Keys differ per athlete and per credential,
// and never contain either.
func TestCredentialAndKey(t *testing.T) {
	own := Caller{}
	signed := Caller{Token: "upstream-token", AthleteID: "i1", Grant: "access:g1"}
	if own.SignedIn() || !signed.SignedIn() {
		t.Fatal("SignedIn is wrong")
	}
	if got := own.Credential("api-key"); got != "api-key" {
		t.Errorf("own credential = %q", got)
	}
	if got := signed.Credential("api-key"); got != "oauth:access:g1" {
		t.Errorf("signed-in credential = %q", got)
	}
	a, b, c := KeyOf("api-key", "i1"), KeyOf("api-key", "i2"), KeyOf("other", "i1")
	if a == b || a == c || len(a) != 32 {
		t.Errorf("keys %q %q %q", a, b, c)
	}
	if KeyOf("api-key", "i1") != a {
		t.Error("KeyOf is not stable")
	}
	if KeyOf("api-key", "1") != a || KeyOf("api-key", "I1") != a || KeyOf("api-key", "0") == a {
		t.Error("an athlete's id keys apart with and without its i")
	}
}
