-- A replica takes a caller's upstream budget in batches (a lease of several tokens at once,
-- spent in memory): taken is how many tokens the bucket's last lease got, which its
-- statement returns (RETURNING sees the row after the update only).

-- +goose Up
ALTER TABLE budgets ADD COLUMN taken INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE budgets DROP COLUMN taken;
