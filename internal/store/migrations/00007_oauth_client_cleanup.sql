-- Registered clients are deleted by Cleanup once unused: a day after they registered when
-- they never got a grant, 90 days after their last grant was seen otherwise. granted_us is
-- when a grant of the client was last seen (Cleanup notes it, at most once a day); 0 never.
-- The clients registered before this migration are -1: their grants may have been deleted
-- already, so the first cleanup counts their 90 days from its own time.
-- The indexes serve Cleanup's look for a client's grants and authorizations in flight.

-- +goose Up
ALTER TABLE oauth_clients ADD COLUMN granted_us BIGINT NOT NULL DEFAULT 0;
UPDATE oauth_clients SET granted_us = -1 WHERE metadata_doc = 0;
CREATE INDEX oauth_grants_client ON oauth_grants (client_id);
CREATE INDEX oauth_pending_client ON oauth_pending (client_id);

-- +goose Down
DROP INDEX oauth_pending_client;
DROP INDEX oauth_grants_client;
ALTER TABLE oauth_clients DROP COLUMN granted_us;
