-- The OAuth 2.1 authorization server's data. Every token (access, refresh, personal, account
-- session, authorization code, consent handle, upstream state) is stored as the SHA-256 of its
-- text, never the text. Each athlete's Intervals.icu token is kept sealed (AES-256-GCM, by
-- internal/auth) in oauth_athletes: the latest sign-in's, which Intervals.icu applies to every
-- token of the app anyway. A grant is one client's access for one athlete, with our scope; its
-- access and refresh tokens form its refresh family (reuse of a rotated refresh token after the
-- grace window revokes the grant). Times are Unix microseconds; 0 in expires_us means never.

-- +goose Up
CREATE TABLE oauth_clients (
    client_id     TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    redirect_uris TEXT NOT NULL,
    auth_method   TEXT NOT NULL,
    jwks_uri      TEXT NOT NULL DEFAULT '',
    jwks          TEXT NOT NULL DEFAULT '',
    metadata_doc  INTEGER NOT NULL DEFAULT 0,
    created_us    BIGINT NOT NULL,
    expires_us    BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE oauth_pending (
    handle_hash   TEXT PRIMARY KEY,
    purpose       TEXT NOT NULL,
    binding_hash  TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    redirect_uri  TEXT NOT NULL,
    state         TEXT NOT NULL,
    challenge     TEXT NOT NULL,
    resource      TEXT NOT NULL,
    scope         TEXT NOT NULL,
    upstream_hash TEXT,
    approved_us   BIGINT,
    taken_us      BIGINT,
    expires_us    BIGINT NOT NULL
);
CREATE UNIQUE INDEX oauth_pending_upstream ON oauth_pending (upstream_hash);
CREATE INDEX oauth_pending_expires ON oauth_pending (expires_us);

CREATE TABLE oauth_athletes (
    athlete_id     TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    sealed_token   TEXT NOT NULL,
    upstream_scope TEXT NOT NULL,
    updated_us     BIGINT NOT NULL
);

CREATE TABLE oauth_grants (
    id           TEXT PRIMARY KEY,
    client_id    TEXT NOT NULL,
    athlete_id   TEXT NOT NULL,
    scope        TEXT NOT NULL,
    created_us   BIGINT NOT NULL,
    last_used_us BIGINT NOT NULL,
    revoked_us   BIGINT
);
CREATE INDEX oauth_grants_athlete ON oauth_grants (athlete_id);

CREATE TABLE oauth_codes (
    code_hash    TEXT PRIMARY KEY,
    grant_id     TEXT NOT NULL,
    client_id    TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    challenge    TEXT NOT NULL,
    resource     TEXT NOT NULL,
    expires_us   BIGINT NOT NULL,
    used_us      BIGINT
);
CREATE INDEX oauth_codes_expires ON oauth_codes (expires_us);

CREATE TABLE oauth_tokens (
    token_hash   TEXT PRIMARY KEY,
    kind         TEXT NOT NULL,
    id           TEXT NOT NULL,
    grant_id     TEXT NOT NULL DEFAULT '',
    athlete_id   TEXT NOT NULL,
    scope        TEXT NOT NULL,
    name         TEXT NOT NULL DEFAULT '',
    created_us   BIGINT NOT NULL,
    expires_us   BIGINT NOT NULL,
    last_used_us BIGINT NOT NULL DEFAULT 0,
    used_us      BIGINT,
    next_sealed  TEXT NOT NULL DEFAULT '',
    revoked_us   BIGINT
);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_athlete ON oauth_tokens (athlete_id, kind);
CREATE INDEX oauth_tokens_id ON oauth_tokens (id);
CREATE INDEX oauth_tokens_expires ON oauth_tokens (expires_us);

-- +goose Down
DROP TABLE oauth_tokens;
DROP TABLE oauth_codes;
DROP TABLE oauth_grants;
DROP TABLE oauth_athletes;
DROP TABLE oauth_pending;
DROP TABLE oauth_clients;
