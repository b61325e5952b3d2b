-- The client assertions (private_key_jwt, RFC 7523) already used: each client's jti, kept
-- until the assertion expires (its exp plus the leeway it is checked with), so that an
-- assertion works once. Cleanup removes the expired ones.

-- +goose Up
CREATE TABLE oauth_assertions (
    client_id  TEXT NOT NULL,
    jti        TEXT NOT NULL,
    expires_us BIGINT NOT NULL,
    PRIMARY KEY (client_id, jti)
);
CREATE INDEX oauth_assertions_expires ON oauth_assertions (expires_us);

-- +goose Down
DROP TABLE oauth_assertions;
