package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestCleanupPendingGoesOnceExpired: a pending authorization (10 minutes) is deleted by the
// first cleanup after it expires, not a day later: nothing reads an expired one (issue 22:
// /authorize filled the store with rows that stayed a day).
func TestCleanupPendingGoesOnceExpired(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		if err := s.PutPending(ctx, "h", Pending{Purpose: "mcp", Binding: "b", State: "st", Expires: t0.Add(10 * time.Minute)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cleanup(ctx, t0.Add(9*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, s.db, "oauth_pending"); n != 1 {
			t.Fatalf("a pending authorization not yet expired was cleaned up (%d rows)", n)
		}
		if _, err := s.Cleanup(ctx, t0.Add(11*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, s.db, "oauth_pending"); n != 0 {
			t.Errorf("a pending authorization expired a minute ago is still kept (%d rows): it must go at the next cleanup", n)
		}
	})
}

// TestCleanupMetadataDocumentsGoAtTheirExpiry: a cached client ID metadata document is
// deleted once its cache lifetime has passed (not 30 days later); one that a grant still
// names keeps only its name (the account page's name of the connection).
func TestCleanupMetadataDocumentsGoAtTheirExpiry(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		doc := func(id string) Client {
			return Client{ID: id, Name: "Doc", RedirectURIs: []string{"https://app.example/cb"}, AuthMethod: "private_key_jwt",
				JWKS: `{"keys":[]}`, MetadataDoc: true, Created: t0, Expires: t0.Add(time.Hour)}
		}
		for _, id := range []string{"https://a.example/c.json", "https://b.example/c.json"} {
			if err := s.PutClient(ctx, doc(id)); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.PutGrant(ctx, Grant{ID: "g", ClientID: "https://b.example/c.json", AthleteID: "i1", Scope: "intervals:read", Created: t0}); err != nil {
			t.Fatal(err)
		}
		next := pair("1")
		next.RefreshExpires = t0.Add(365 * 24 * time.Hour)
		if _, err := s.IssueTokens(ctx, "g", next, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Cleanup(ctx, t0.Add(59*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, s.db, "oauth_clients"); n != 2 {
			t.Fatalf("documents still fresh were cleaned up: %d left, want 2", n)
		}
		at := t0.Add(61 * time.Minute)
		if _, err := s.Cleanup(ctx, at); err != nil {
			t.Fatal(err)
		}
		if n := count(t, s.db, "oauth_clients WHERE client_id = 'https://a.example/c.json'"); n != 0 {
			t.Errorf("a document expired a minute ago, named by no grant, is kept")
		}
		if n := count(t, s.db, "oauth_clients WHERE client_id = 'https://b.example/c.json' AND redirect_uris = '' AND jwks = '' AND name = 'Doc'"); n != 1 {
			t.Errorf("the expired document a grant names: want its name only kept (no redirect URIs, no keys)")
		}
		if g, err := s.Grants(ctx, "i1", at); err != nil || len(g) != 1 || g[0].ClientName != "Doc" {
			t.Errorf("Grants after the document expired = %+v, %v; want the connection under the document's name", g, err)
		}
		if _, err := s.Client(ctx, "https://b.example/c.json", at); !errors.Is(err, ErrNotFound) {
			t.Errorf("an expired document's name row is read as a client: %v, want ErrNotFound (fetch it again)", err)
		}
	})
}

// TestCleanupRegisteredClients: a registered client that never got a grant goes a day after
// it registered (unless an authorization of it is in flight); one whose grants have all gone
// goes 90 days after the last was seen; one with a live grant stays.
func TestCleanupRegisteredClients(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		reg := func(id string) {
			t.Helper()
			if err := s.PutClient(ctx, Client{ID: id, Name: id, RedirectURIs: []string{"http://127.0.0.1/cb"}, AuthMethod: "none", Created: t0}); err != nil {
				t.Fatal(err)
			}
		}
		grant := func(id, client string) {
			t.Helper()
			if err := s.PutGrant(ctx, Grant{ID: id, ClientID: client, AthleteID: "i1", Scope: "intervals:read", Created: t0}); err != nil {
				t.Fatal(err)
			}
			next := pair(id)
			next.RefreshExpires = t0.Add(400 * 24 * time.Hour)
			if _, err := s.IssueTokens(ctx, id, next, t0); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range []string{"never", "waiting", "live", "ended"} {
			reg(id)
		}
		if err := s.PutPending(ctx, "h", Pending{Purpose: "mcp", Binding: "b", ClientID: "waiting", Expires: t0.Add(26 * time.Hour)}); err != nil {
			t.Fatal(err)
		}
		grant("g-live", "live")
		grant("g-ended", "ended")
		if err := s.RevokeGrant(ctx, "g-ended", "", t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		kept := func(at time.Duration, want ...string) {
			t.Helper()
			if _, err := s.Cleanup(ctx, t0.Add(at)); err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"never", "waiting", "live", "ended"} {
				_, err := s.Client(ctx, id, t0.Add(at))
				switch has := err == nil; {
				case err != nil && !errors.Is(err, ErrNotFound):
					t.Fatal(err)
				case has != slices.Contains(want, id):
					t.Errorf("after a cleanup %s on: client %q kept = %v, want %v", at, id, has, !has)
				}
			}
		}
		kept(23*time.Hour, "never", "waiting", "live", "ended")
		kept(25*time.Hour, "waiting", "live", "ended")        // never granted, a day old
		kept(2*24*time.Hour, "live", "ended")                 // its authorization expired; the ended grant is deleted now, seen last now
		kept(2*24*time.Hour+89*24*time.Hour, "live", "ended") // 89 days after its grant was last seen
		kept(2*24*time.Hour+91*24*time.Hour, "live")          // 91 days after
	})
}

// TestCleanupClientsRegisteredBeforeTheMigration: a client registered before granted_us
// (-1: its grants may be gone already) gets its 90 days from the first cleanup, not none.
func TestCleanupClientsRegisteredBeforeTheMigration(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		if err := s.PutClient(ctx, Client{ID: "old", Name: "old", RedirectURIs: []string{"http://127.0.0.1/cb"}, AuthMethod: "none", Created: t0}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE oauth_clients SET granted_us = -1`); err != nil {
			t.Fatal(err)
		}
		first := t0.Add(200 * 24 * time.Hour)
		for _, c := range []struct {
			at   time.Time
			want int
		}{{first, 1}, {first.Add(ClientEndedKept - time.Hour), 1}, {first.Add(ClientEndedKept + time.Hour), 0}} {
			at, want := c.at, c.want
			if _, err := s.Cleanup(ctx, at); err != nil {
				t.Fatal(err)
			}
			if n := count(t, s.db, "oauth_clients"); n != want {
				t.Errorf("a client of before the migration, cleanup %s after the first: %d kept, want %d", at.Sub(first), n, want)
			}
		}
	})
}
