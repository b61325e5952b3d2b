package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/oauth2"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Scopes asked of Intervals.icu: every area our tools use, read only or read and write.
const (
	ReadScopes  = "ACTIVITY:READ,WELLNESS:READ,CALENDAR:READ,LIBRARY:READ,SETTINGS:READ"
	WriteScopes = "ACTIVITY:WRITE,WELLNESS:WRITE,CALENDAR:WRITE,LIBRARY:WRITE,SETTINGS:WRITE"
)

// ErrUpstreamRejected is in the chain of an Exchange error when Intervals.icu refused the
// code exchange itself (wrong client credentials, or a code used or expired), as opposed to
// failing to answer.
var ErrUpstreamRejected = errors.New("sign-in refused by Intervals.icu")

// Upstream is Intervals.icu's OAuth, as our server uses it to sign athletes in: its
// authorize page, and the exchange of the code it returns for the athlete's access token
// (which has no expiry and no refresh token).
type Upstream struct {
	ClientID, ClientSecret string       // the Intervals.icu OAuth app (INTERVALS_CLIENT_ID, INTERVALS_CLIENT_SECRET)
	BaseURL                string       // "https://intervals.icu", or the fake's
	HTTP                   *http.Client // nil: http.DefaultClient
}

// config is the OAuth app for golang.org/x/oauth2. Intervals.icu takes the client
// credentials as form fields, not Basic auth.
func (u *Upstream) config(redirectURI string, scope string) *oauth2.Config {
	base := strings.TrimSuffix(u.BaseURL, "/")
	c := &oauth2.Config{
		ClientID: u.ClientID, ClientSecret: u.ClientSecret, RedirectURL: redirectURI,
		Endpoint: oauth2.Endpoint{
			AuthURL: base + "/oauth/authorize", TokenURL: base + "/api/oauth/token",
			AuthStyle: oauth2.AuthStyleInParams,
		},
	}
	if scope != "" {
		// One item: Intervals.icu separates scopes with commas, x/oauth2 joins items with spaces.
		c.Scopes = []string{scope}
	}
	return c
}

// AuthorizeURL is Intervals.icu's sign-in page for an athlete, asking for ReadScopes, or
// WriteScopes when write is set; it comes back to redirectURI with code and state.
func (u *Upstream) AuthorizeURL(state, redirectURI string, write bool) string {
	scope := ReadScopes
	if write {
		scope = WriteScopes
	}
	return u.config(redirectURI, scope).AuthCodeURL(state)
}

// UpstreamGrant is what a code exchange gives: the athlete's access token, the scopes the
// athlete granted (comma separated, as Intervals.icu writes them), and who they are.
type UpstreamGrant struct {
	AccessToken, Scope, AthleteID, AthleteName string
}

// Exchange trades a code from AuthorizeURL's redirect for the athlete's token; it must
// happen within 2 minutes of the sign-in. ctx bounds the call; x/oauth2 reads at most
// 1 MiB of the answer. A refusal wraps ErrUpstreamRejected and says what to check; no
// error holds the client secret, the code or the token.
func (u *Upstream) Exchange(ctx context.Context, code, redirectURI string) (*UpstreamGrant, error) {
	if u.HTTP != nil {
		ctx = context.WithValue(ctx, oauth2.HTTPClient, u.HTTP)
	}
	tok, err := u.config(redirectURI, "").Exchange(ctx, code)
	if err != nil && ctx.Err() != nil {
		// the deadline, however it surfaced (a body cut short reads as broken JSON)
		return nil, fmt.Errorf("exchange the Intervals.icu code: Intervals.icu did not answer in time: %w", ctx.Err())
	}
	if err != nil {
		return nil, exchangeError(err)
	}
	g := &UpstreamGrant{AccessToken: tok.AccessToken}
	g.Scope, _ = tok.Extra("scope").(string)
	athlete, _ := tok.Extra("athlete").(map[string]any)
	g.AthleteID = jsonID(athlete["id"])
	g.AthleteName, _ = athlete["name"].(string)
	if g.AthleteID == "" {
		return nil, errors.New("exchange the Intervals.icu code: the answer names no athlete (athlete.id): is INTERVALS_API_BASE_URL Intervals.icu?")
	}
	return g, nil
}

// exchangeError explains a failed exchange by its status, without quoting the answer's
// body (a misbehaving server could echo anything into it). A transport failure keeps its
// cause (a cancelled ctx stays errors.Is context.DeadlineExceeded); its URL is the token
// endpoint, and x/oauth2 posts the credentials and the code in the body, not the URL.
func exchangeError(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.Response == nil {
		return fmt.Errorf("exchange the Intervals.icu code: %w", err)
	}
	switch status := re.Response.StatusCode; status {
	case http.StatusNotFound, http.StatusUnauthorized, http.StatusBadRequest:
		return fmt.Errorf("%w: Intervals.icu answered %d to the code exchange: check INTERVALS_CLIENT_ID and INTERVALS_CLIENT_SECRET "+
			"(it answers 404 to wrong client credentials), or the code expired (it must be exchanged within 2 minutes of the sign-in): sign in again",
			ErrUpstreamRejected, status)
	default:
		return fmt.Errorf("exchange the Intervals.icu code: Intervals.icu answered %d: try signing in again later", status)
	}
}

// jsonID reads an id Intervals.icu may send as a string or a number.
func jsonID(v any) string {
	switch id := v.(type) {
	case string:
		return id
	case float64:
		return strconv.FormatFloat(id, 'f', -1, 64)
	}
	return ""
}

// Disconnect drops our app's access to the athlete behind accessToken (DELETE
// /api/v1/disconnect-app): every token of theirs for the app stops working. A token
// Intervals.icu no longer knows (401: already disconnected, or revoked in its settings) is
// not an error.
func (u *Upstream) Disconnect(ctx context.Context, accessToken string) error {
	c, err := intervals.New(intervals.Options{AccessToken: accessToken, BaseURL: u.BaseURL, HTTPClient: u.HTTP})
	if err != nil {
		return fmt.Errorf("disconnect from Intervals.icu: %w", err)
	}
	_, err = c.DisconnectAppWithResponse(ctx) // an answer other than 2xx is an *intervals.Error
	switch {
	case intervals.StatusOf(err) == http.StatusUnauthorized:
		return nil
	case err != nil:
		return fmt.Errorf("disconnect from Intervals.icu: %w", err)
	}
	return nil
}

// GrantAllowsWrite reports whether a scope list Intervals.icu granted has :WRITE on every
// area WriteScopes asks for: the athlete may have unticked some, or a later read-only
// sign-in may have narrowed the grant.
func GrantAllowsWrite(scope string) bool {
	granted := strings.Split(scope, ",")
	for i := range granted {
		granted[i] = strings.TrimSpace(granted[i])
	}
	for _, want := range strings.Split(WriteScopes, ",") {
		if !slices.Contains(granted, want) {
			return false
		}
	}
	return true
}
