package store

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// grantFor puts a client, an athlete and a grant of scope, and returns the grant's id.
func grantFor(t *testing.T, s *DB, id, scope string) string {
	t.Helper()
	ctx := context.Background()
	if err := s.PutClient(ctx, Client{ID: "c-" + id, Name: "Client " + id, RedirectURIs: []string{"https://a.example/cb", "http://127.0.0.1/cb"}, AuthMethod: "none", Created: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutAthlete(ctx, Athlete{ID: "i1", Name: "A", SealedToken: "sealed", UpstreamScope: "ACTIVITY:READ", Updated: t0}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutGrant(ctx, Grant{ID: id, ClientID: "c-" + id, AthleteID: "i1", Scope: scope, Created: t0}); err != nil {
		t.Fatal(err)
	}
	return id
}

func pair(n string) TokenPair {
	return TokenPair{Access: "acc-" + n, Refresh: "ref-" + n, AccessExpires: t0.Add(time.Hour), RefreshExpires: t0.Add(90 * 24 * time.Hour)} // no Scope: a rotation keeps the token's
}

func TestOAuthClients(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		if _, err := s.Client(ctx, "nope", t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown client: %v, want ErrNotFound", err)
		}
		doc := Client{ID: "https://app.example/client.json", Name: "App", RedirectURIs: []string{"https://app.example/cb"}, AuthMethod: "private_key_jwt",
			JWKSURI: "https://app.example/jwks", MetadataDoc: true, Created: t0, Expires: t0.Add(time.Hour)}
		if err := s.PutClient(ctx, doc); err != nil {
			t.Fatal(err)
		}
		got, err := s.Client(ctx, doc.ID, t0)
		if err != nil || got.Name != "App" || !got.MetadataDoc || got.AuthMethod != "private_key_jwt" || !slices.Equal(got.RedirectURIs, doc.RedirectURIs) || !got.Expires.Equal(doc.Expires) {
			t.Fatalf("Client = %+v, %v; want the document as put", got, err)
		}
		if _, err := s.Client(ctx, doc.ID, t0.Add(time.Hour)); !errors.Is(err, ErrNotFound) {
			t.Errorf("a cached document past its expiry: %v, want ErrNotFound (fetch it again)", err)
		}
		doc.Name, doc.Expires = "App 2", t0.Add(3*time.Hour)
		if err := s.PutClient(ctx, doc); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Client(ctx, doc.ID, t0.Add(2*time.Hour)); err != nil || got.Name != "App 2" {
			t.Errorf("after a refresh of the cache: %+v, %v", got, err)
		}
	})
}

func TestOAuthAssertionIsSingleUseUntilItExpires(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, other, ctx := open(t, p), open(t, p), context.Background()
		exp := t0.Add(time.Minute)
		if err := s.UseAssertion(ctx, "c1", "j1", exp, t0); err != nil {
			t.Fatal(err)
		}
		if err := other.UseAssertion(ctx, "c1", "j1", exp, t0.Add(time.Second)); !errors.Is(err, ErrUsed) {
			t.Errorf("the same jti again, on another replica: %v, want ErrUsed", err)
		}
		if err := s.UseAssertion(ctx, "c2", "j1", exp, t0); err != nil {
			t.Errorf("another client's jti of the same text: %v", err)
		}
		if c, err := s.Cleanup(ctx, exp.Add(-time.Second)); err != nil || c.OAuth != 0 {
			t.Errorf("Cleanup before the expiry = %+v, %v; want nothing", c, err)
		}
		if err := s.UseAssertion(ctx, "c1", "j1", exp.Add(time.Minute), exp); err != nil {
			t.Errorf("the jti once its assertion expired: %v, want it free again", err)
		}
		if c, err := s.Cleanup(ctx, exp.Add(time.Minute)); err != nil || c.OAuth != 2 {
			t.Errorf("Cleanup once both expired = %+v, %v; want 2 rows", c, err)
		}
		var wins atomic.Int32
		race([]*DB{s, other}, 4, func(db *DB) {
			if db.UseAssertion(ctx, "c1", "j2", exp, t0) == nil {
				wins.Add(1)
			}
		})
		if wins.Load() != 1 {
			t.Errorf("%d of 8 concurrent uses of one jti succeeded, want 1", wins.Load())
		}
	})
}

func TestOAuthPendingIsSingleUse(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		pend := Pending{Purpose: "mcp", Binding: "cookie", ClientID: "c", RedirectURI: "https://a/cb", State: "st", Challenge: "ch", Resource: "https://r/mcp", Scope: "intervals:read", Expires: t0.Add(10 * time.Minute)}
		if err := s.PutPending(ctx, "handle", pend); err != nil {
			t.Fatal(err)
		}
		got, err := s.Pending(ctx, "handle", t0)
		if err != nil || got.State != "st" || !got.BindingMatches("cookie") || got.BindingMatches("other") || got.BindingMatches("") {
			t.Fatalf("Pending = %+v, %v", got, err)
		}
		if _, err := s.Pending(ctx, "handle", t0.Add(11*time.Minute)); !errors.Is(err, ErrNotFound) {
			t.Errorf("expired pending: %v, want ErrNotFound", err)
		}
		if err := s.ApprovePending(ctx, "handle", "intervals:write", "up-state", t0); err != nil {
			t.Fatal(err)
		}
		if err := s.ApprovePending(ctx, "handle", "intervals:write", "up-state-2", t0); !errors.Is(err, ErrUsed) {
			t.Errorf("second approval: %v, want ErrUsed", err)
		}
		if _, err := s.Pending(ctx, "handle", t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("an approved pending is no longer shown: %v", err)
		}
		got, err = s.TakePending(ctx, "up-state", t0)
		if err != nil || got.Scope != "intervals:write" || got.Challenge != "ch" {
			t.Fatalf("TakePending = %+v, %v", got, err)
		}
		if _, err := s.TakePending(ctx, "up-state", t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("second take: %v, want ErrNotFound", err)
		}
	})
}

func TestOAuthCodeReuseRevokesTheGrant(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		g := grantFor(t, s, "g1", "intervals:read")
		if err := s.PutCode(ctx, "code", Code{GrantID: g, ClientID: "c-g1", RedirectURI: "https://a.example/cb", Challenge: "x", Resource: "r", Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		c, err := s.TakeCode(ctx, "code", t0)
		if err != nil || c.GrantID != g {
			t.Fatalf("TakeCode = %+v, %v", c, err)
		}
		if _, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.VerifyToken(ctx, "acc-1", t0, KindAccess); err != nil {
			t.Fatalf("the issued access token: %v", err)
		}
		if _, err := s.TakeCode(ctx, "code", t0); !errors.Is(err, ErrUsed) {
			t.Fatalf("second redemption: %v, want ErrUsed", err)
		}
		if _, err := s.VerifyToken(ctx, "acc-1", t0, KindAccess); !errors.Is(err, ErrNotFound) {
			t.Errorf("after a code's reuse, its access token: %v, want ErrNotFound (revoked)", err)
		}
		if err := s.PutCode(ctx, "late", Code{GrantID: g, Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.TakeCode(ctx, "late", t0.Add(time.Minute)); !errors.Is(err, ErrNotFound) {
			t.Errorf("expired code: %v, want ErrNotFound", err)
		}
	})
}

func TestOAuthRefreshRotationGraceAndReuse(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		g := grantFor(t, s, "g1", "intervals:write")
		if scope, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil || scope != "intervals:write" {
			t.Fatalf("IssueTokens = %q, %v; want the grant's scope", scope, err)
		}
		if _, err := s.RotateRefresh(ctx, "acc-1", "c-g1", pair("x"), "sealed-x", time.Minute, t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("an access token as refresh token: %v, want ErrNotFound", err)
		}
		if _, err := s.RotateRefresh(ctx, "ref-1", "c-other", pair("x"), "sealed-x", time.Minute, t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("another client's refresh: %v, want ErrNotFound", err)
		}
		r, err := s.RotateRefresh(ctx, "ref-1", "c-g1", pair("2"), "sealed-2", time.Minute, t0.Add(time.Second))
		if err != nil || r.Replayed || r.GrantID != g || r.Scope != "intervals:write" || r.ClientID != "c-g1" {
			t.Fatalf("rotation = %+v, %v", r, err)
		}
		if tok, err := s.VerifyToken(ctx, "acc-2", t0, KindAccess); err != nil || tok.Scope != "intervals:write" {
			t.Fatalf("the new access token keeps the grant's scope: %+v, %v", tok, err)
		}
		r, err = s.RotateRefresh(ctx, "ref-1", "c-g1", pair("3"), "sealed-3", time.Minute, t0.Add(30*time.Second))
		if err != nil || !r.Replayed || r.SealedNext != "sealed-2" {
			t.Fatalf("a second refresh within the grace: %+v, %v; want the same pair (sealed-2)", r, err)
		}
		if _, err := s.VerifyToken(ctx, "acc-3", t0, KindAccess); !errors.Is(err, ErrNotFound) {
			t.Errorf("a replay within the grace must not issue a pair: acc-3 %v", err)
		}
		if _, err := s.RotateRefresh(ctx, "ref-1", "c-g1", pair("4"), "sealed-4", time.Minute, t0.Add(2*time.Minute)); !errors.Is(err, ErrUsed) {
			t.Fatalf("reuse after the grace: %v, want ErrUsed", err)
		}
		for _, tok := range []string{"acc-1", "acc-2"} {
			if _, err := s.VerifyToken(ctx, tok, t0, KindAccess); !errors.Is(err, ErrNotFound) {
				t.Errorf("after a reuse, %s: %v, want revoked", tok, err)
			}
		}
		if _, err := s.RotateRefresh(ctx, "ref-2", "c-g1", pair("5"), "sealed-5", time.Minute, t0.Add(2*time.Minute)); !errors.Is(err, ErrNotFound) {
			t.Errorf("the family's newest refresh token after a reuse: %v, want ErrNotFound", err)
		}
	})
}

func TestOAuthConcurrentRefreshesIssueOnePair(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		a := open(t, p)
		replicas := []*DB{a, open(t, p)}
		g := grantFor(t, a, "g1", "intervals:read")
		if _, err := a.IssueTokens(context.Background(), g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		var fresh, replayed, failed atomic.Int32
		var n atomic.Int32
		race(replicas, 4, func(s *DB) {
			i := n.Add(1)
			r, err := s.RotateRefresh(context.Background(), "ref-1", "c-g1", pair(string(rune('a'+i))), "sealed", time.Minute, t0)
			switch {
			case err != nil:
				failed.Add(1)
				t.Log(err)
			case r.Replayed:
				replayed.Add(1)
			default:
				fresh.Add(1)
			}
		})
		if fresh.Load() != 1 || replayed.Load() != 7 || failed.Load() != 0 {
			t.Errorf("8 concurrent refreshes: %d fresh, %d replayed, %d failed; want 1, 7, 0", fresh.Load(), replayed.Load(), failed.Load())
		}
	})
}

func TestOAuthPersonalTokens(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		other := open(t, p) // a second replica sees the same
		if err := s.PutToken(ctx, "imcp_pat_a", Token{Kind: KindPersonal, ID: "pat1", AthleteID: "i1", Scope: "intervals:read", Name: "laptop", Created: t0, Expires: t0.Add(30 * 24 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutToken(ctx, "imcp_pat_b", Token{Kind: KindPersonal, ID: "pat2", AthleteID: "i2", Scope: "intervals:write", Name: "ci", Created: t0.Add(time.Second)}); err != nil {
			t.Fatal(err)
		}
		tok, err := other.VerifyToken(ctx, "imcp_pat_a", t0.Add(time.Hour), KindPersonal)
		if err != nil || tok.AthleteID != "i1" || tok.Name != "laptop" {
			t.Fatalf("VerifyToken = %+v, %v", tok, err)
		}
		if _, err := other.VerifyToken(ctx, "imcp_pat_a", t0, KindAccess); !errors.Is(err, ErrNotFound) {
			t.Errorf("a personal token where only access tokens are taken: %v", err)
		}
		if _, err := other.VerifyToken(ctx, "imcp_pat_a", t0.Add(31*24*time.Hour), KindPersonal); !errors.Is(err, ErrNotFound) {
			t.Errorf("an expired personal token: %v", err)
		}
		if tok, err := other.VerifyToken(ctx, "imcp_pat_b", t0.Add(10*365*24*time.Hour), KindPersonal); err != nil || !tok.Expires.IsZero() {
			t.Errorf("a token without expiry, ten years on: %+v, %v", tok, err)
		}
		list, err := s.PersonalTokens(ctx, "i1")
		if err != nil || len(list) != 1 || list[0].ID != "pat1" || !list[0].LastUsed.Equal(t0.Add(time.Hour)) {
			t.Fatalf("PersonalTokens(i1) = %+v, %v; want pat1 with its last use", list, err)
		}
		if all, _ := s.PersonalTokens(ctx, ""); len(all) != 2 || all[0].ID != "pat2" {
			t.Errorf("PersonalTokens(all) = %+v", all)
		}
		if _, err := s.RevokeTokenID(ctx, "pat1", "i2", t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("revoking another athlete's token: %v, want ErrNotFound", err)
		}
		if who, err := s.RevokeTokenID(ctx, "pat1", "", t0); err != nil || who != "i1" {
			t.Fatalf("RevokeTokenID = %q, %v; want its athlete i1", who, err)
		}
		if _, err := other.VerifyToken(ctx, "imcp_pat_a", t0, KindPersonal); !errors.Is(err, ErrNotFound) {
			t.Errorf("a revoked token on the other replica: %v", err)
		}
		if err := s.PutToken(ctx, "x", Token{Kind: KindAccess}); err == nil {
			t.Error("PutToken took an access token")
		}
	})
}

func TestOAuthRevokeTokenAndGrants(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		g := grantFor(t, s, "g1", "intervals:read")
		if _, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		list, err := s.Grants(ctx, "i1", t0)
		if err != nil || len(list) != 1 || list[0].ClientName != "Client g1" {
			t.Fatalf("Grants = %+v, %v", list, err)
		}
		if who, err := s.RevokeToken(ctx, "ref-1", "another-client", t0); err != nil || who != "" {
			t.Fatalf("another client's revocation = %q, %v; want nothing revoked", who, err)
		}
		if _, err := s.VerifyToken(ctx, "acc-1", t0, KindAccess); err != nil {
			t.Fatalf("another client's revocation revoked: %v", err)
		}
		if _, err := s.RevokeToken(ctx, "unknown", "c-g1", t0); err != nil {
			t.Errorf("an unknown token: %v, want nil (RFC 7009)", err)
		}
		if who, err := s.RevokeToken(ctx, "ref-1", "c-g1", t0); err != nil || who != "i1" {
			t.Fatalf("RevokeToken = %q, %v; want the grant's athlete i1", who, err)
		}
		if _, err := s.VerifyToken(ctx, "acc-1", t0, KindAccess); !errors.Is(err, ErrNotFound) {
			t.Errorf("after revoking the refresh token, the access token: %v", err)
		}
		if list, _ := s.Grants(ctx, "i1", t0); len(list) != 0 {
			t.Errorf("a revoked grant is still listed: %+v", list)
		}
		if err := s.RevokeGrant(ctx, g, "", t0); !errors.Is(err, ErrNotFound) {
			t.Errorf("revoking twice: %v", err)
		}
		if err := s.PutToken(ctx, "sess", Token{Kind: KindSession, ID: "s1", AthleteID: "i1", Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RevokeToken(ctx, "sess", "", t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.VerifyToken(ctx, "sess", t0, KindSession); !errors.Is(err, ErrNotFound) {
			t.Errorf("a signed-out session: %v", err)
		}
	})
}

// TestOAuthGrantWhoseCodeIsNeverRedeemed: the callback's grant is not a connection until its
// code gives tokens; unredeemed, it is never listed and Cleanup deletes it once its code is
// gone. A grant whose tokens have all expired is not listed either.
func TestOAuthGrantWhoseCodeIsNeverRedeemed(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		orphan := grantFor(t, s, "g1", "intervals:read")
		if err := s.PutCode(ctx, "c1", Code{GrantID: orphan, ClientID: "c-g1", Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		live := grantFor(t, s, "g2", "intervals:read")
		if _, err := s.IssueTokens(ctx, live, pair("2"), t0); err != nil {
			t.Fatal(err)
		}
		list, err := s.Grants(ctx, "i1", t0)
		if err != nil || len(list) != 1 || list[0].ID != live {
			t.Fatalf("Grants = %+v, %v; want the redeemed grant only", list, err)
		}
		if list, _ := s.Grants(ctx, "i1", t0.Add(91*24*time.Hour)); len(list) != 0 {
			t.Errorf("a grant whose tokens all expired is listed: %+v", list)
		}
		if _, err := s.Cleanup(ctx, t0.Add(26*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, s.db, "oauth_grants WHERE id = 'g1'"); n != 0 {
			t.Errorf("the unredeemed grant is kept after its code was cleaned up")
		}
		if n := count(t, s.db, "oauth_grants WHERE id = 'g2'"); n != 1 {
			t.Errorf("the live grant was cleaned up")
		}
	})
}

// TestOAuthForgetAthlete: an athlete's sealed token is deleted once nothing of theirs is
// live (a grant with tokens, a grant whose code is still redeemable, a personal token not
// expired), and their account sessions end with it.
func TestOAuthForgetAthlete(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		forget := func(at time.Time) *Athlete {
			t.Helper()
			a, err := s.ForgetAthlete(ctx, "i1", at)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		g := grantFor(t, s, "g1", "intervals:read")
		if err := s.PutCode(ctx, "c1", Code{GrantID: g, ClientID: "c-g1", Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutToken(ctx, "pat", Token{Kind: KindPersonal, ID: "pat1", AthleteID: "i1", Scope: "intervals:read", Name: "laptop", Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutToken(ctx, "sess", Token{Kind: KindSession, ID: "s1", AthleteID: "i1", Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if a := forget(t0); a != nil {
			t.Fatalf("forgotten with a code and a personal token live: %+v", a)
		}
		if _, err := s.RevokeTokenID(ctx, "pat1", "i1", t0); err != nil {
			t.Fatal(err)
		}
		if a := forget(t0); a != nil {
			t.Fatalf("forgotten while a code of theirs can still be redeemed: %+v", a)
		}
		if _, err := s.TakeCode(ctx, "c1", t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		if a := forget(t0); a != nil {
			t.Fatalf("forgotten with a live grant: %+v", a)
		}
		if err := s.RevokeGrant(ctx, g, "i1", t0); err != nil {
			t.Fatal(err)
		}
		if a := forget(t0); a == nil || a.SealedToken != "sealed" {
			t.Fatalf("ForgetAthlete with nothing live = %+v, want the athlete and their sealed token", a)
		}
		if _, err := s.Athlete(ctx, "i1"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the athlete after being forgotten: %v, want ErrNotFound", err)
		}
		if _, err := s.VerifyToken(ctx, "sess", t0, KindSession); !errors.Is(err, ErrNotFound) {
			t.Errorf("their account session after being forgotten: %v, want it ended", err)
		}
		if a := forget(t0); a != nil {
			t.Errorf("forgotten twice: %+v", a)
		}
	})
}

func TestOAuthCleanup(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		g := grantFor(t, s, "g1", "intervals:read")
		if _, err := s.IssueTokens(ctx, g, pair("1"), t0); err != nil {
			t.Fatal(err)
		}
		if err := s.PutPending(ctx, "h", Pending{Purpose: "mcp", Binding: "b", Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if err := s.PutCode(ctx, "c", Code{GrantID: g, Expires: t0.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		// The pending authorization goes once expired; code and tokens are kept a day more.
		if c, err := s.Cleanup(ctx, t0.Add(2*time.Hour)); err != nil || c.OAuth != 1 {
			t.Fatalf("Cleanup two hours on = %+v, %v; want the expired pending authorization only", c, err)
		}
		// A day later: code and access token go; the refresh token (90 days) stays.
		c, err := s.Cleanup(ctx, t0.Add(26*time.Hour))
		if err != nil || c.OAuth != 2 {
			t.Fatalf("Cleanup a day on = %+v, %v; want 2 OAuth rows", c, err)
		}
		if _, err := s.RotateRefresh(ctx, "ref-1", "c-g1", pair("2"), "s", time.Minute, t0.Add(26*time.Hour)); err != nil {
			t.Errorf("the refresh token survives the cleanup: %v", err)
		}
		if err := s.RevokeGrant(ctx, g, "", t0.Add(26*time.Hour)); err != nil {
			t.Fatal(err)
		}
		c, err = s.Cleanup(ctx, t0.Add(60*time.Hour))
		if err != nil || c.OAuth != 4 { // ref-1, acc-2, ref-2 and the grant
			t.Errorf("Cleanup after the revocation = %+v, %v; want 4 OAuth rows", c, err)
		}
	})
}

// TestOAuthRegisterClientStopsAtTheLimit: registrations stop at the limit of registered
// clients (cached metadata documents do not count) and start again once one is deleted.
func TestOAuthRegisterClientStopsAtTheLimit(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		reg := func(id string) error {
			return s.RegisterClient(ctx, Client{ID: id, Name: id, RedirectURIs: []string{"http://127.0.0.1/cb", "https://a.example/cb"}, AuthMethod: "none", Created: t0}, 2)
		}
		if err := s.PutClient(ctx, Client{ID: "https://a.example/c.json", Name: "Doc", RedirectURIs: []string{"https://a.example/cb"}, AuthMethod: "none",
			MetadataDoc: true, Created: t0, Expires: t0.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"one", "two"} {
			if err := reg(id); err != nil {
				t.Fatalf("register %s under the limit: %v", id, err)
			}
		}
		if err := reg("three"); !errors.Is(err, ErrFull) {
			t.Fatalf("a third registration with a limit of 2: %v, want ErrFull", err)
		}
		got, err := s.Client(ctx, "two", t0)
		if err != nil || got.Name != "two" || got.MetadataDoc || !slices.Equal(got.RedirectURIs, []string{"http://127.0.0.1/cb", "https://a.example/cb"}) || !got.Created.Equal(t0) {
			t.Errorf("a registered client = %+v, %v; want it as registered", got, err)
		}
		if _, err := s.Cleanup(ctx, t0.Add(ClientUnusedKept+time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := reg("three"); err != nil {
			t.Errorf("a registration after the cleanup deleted the unused clients: %v", err)
		}
	})
}
