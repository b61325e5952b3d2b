-- Write journals of the multi-event calendar writes, and the notices that tell a caller, once,
-- what became of a write that was interrupted. A journal is owned by the replica in claimed_by
-- until lease_us; an unfinished journal whose lease has passed is claimed by the next replica
-- that looks (one conditional UPDATE: exactly one wins).

-- +goose Up
CREATE TABLE journals (
    id         TEXT PRIMARY KEY,
    caller     TEXT NOT NULL,
    tool       TEXT NOT NULL,
    athlete    TEXT NOT NULL,
    summary    TEXT NOT NULL,
    intent     TEXT NOT NULL,
    started_us BIGINT NOT NULL,
    claimed_by TEXT NOT NULL,
    lease_us   BIGINT NOT NULL,
    claims     INTEGER NOT NULL DEFAULT 0,
    done_us    BIGINT,
    outcome    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX journals_unfinished ON journals (lease_us) WHERE done_us IS NULL;
CREATE INDEX journals_done ON journals (done_us) WHERE done_us IS NOT NULL;

CREATE TABLE journal_entries (
    journal_id  TEXT NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    event_id    BIGINT NOT NULL DEFAULT 0,
    external_id TEXT NOT NULL DEFAULT '',
    original    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (journal_id, seq)
);

CREATE TABLE notices (
    id         TEXT PRIMARY KEY,
    caller     TEXT NOT NULL,
    text       TEXT NOT NULL,
    created_us BIGINT NOT NULL
);
CREATE INDEX notices_caller ON notices (caller);

-- +goose Down
DROP TABLE notices;
DROP TABLE journal_entries;
DROP TABLE journals;
