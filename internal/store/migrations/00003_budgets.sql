-- Shared upstream budgets: one row per token bucket, kept as GCRA's theoretical arrival time
-- (tat_us): a request at now is allowed when tat_us - (burst-1)/rate <= now, and then moves
-- tat_us to max(tat_us, now) + 1/rate. A row whose tat_us has passed is a full bucket, the same
-- as no row, so Cleanup deletes it.
--
-- The next migrations (00004 on) hold the OAuth data: clients, codes, grants, token hashes,
-- refresh families, personal tokens.

-- +goose Up
CREATE TABLE budgets (
    key    TEXT PRIMARY KEY,
    tat_us BIGINT NOT NULL
);
CREATE INDEX budgets_tat ON budgets (tat_us);

-- +goose Down
DROP TABLE budgets;
