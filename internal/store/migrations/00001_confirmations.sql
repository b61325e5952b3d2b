-- Range-delete confirmations: a preview's token, bound to the caller that asked for the
-- preview and to the preview's content. Only the token's SHA-256 is stored. A used or expired
-- row is kept for a while (Cleanup removes it later) so that a second use, or a late one, can
-- be told apart from a token that never existed.
-- Times are Unix microseconds in BIGINT columns (*_us), the same in SQLite and PostgreSQL.

-- +goose Up
CREATE TABLE confirmations (
    token_hash   TEXT PRIMARY KEY,
    caller       TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    expires_us   BIGINT NOT NULL,
    used_us      BIGINT
);
CREATE INDEX confirmations_expires ON confirmations (expires_us);

-- +goose Down
DROP TABLE confirmations;
