-- Whose credential a journal's write ran under: the athlete of the OAuth grant or personal
-- token (a signed-in user; never a token), so that a recovery rolls it back with that
-- athlete's sealed Intervals.icu token. '' is the server's own credential (API key).

-- +goose Up
ALTER TABLE journals ADD COLUMN credential_athlete TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE journals DROP COLUMN credential_athlete;
