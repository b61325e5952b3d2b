-- Counters that tell every replica, in one read of one row, whether what it keeps in memory
-- still holds: revocations moves with every change that can end a bearer token's validity
-- or change an athlete's sealed Intervals.icu token (a replica's verified tokens are then
-- verified again); journals with every journal begun and every notice left (a replica's
-- record of the callers with unfinished journals or notices is then read again). Each is
-- moved in the transaction of the change it signals.

-- +goose Up
CREATE TABLE signals (
    id          INTEGER PRIMARY KEY,
    revocations BIGINT NOT NULL,
    journals    BIGINT NOT NULL
);
INSERT INTO signals (id, revocations, journals) VALUES (1, 0, 0);

-- +goose Down
DROP TABLE signals;
