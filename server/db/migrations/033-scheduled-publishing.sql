-- A draft may carry the moment it publishes itself (contract: publish_at, ISO 8601 with an
-- offset, stored as an instant). Every API process looks for due drafts every few seconds;
-- the partial index keeps that look to the scheduled drafts alone.
ALTER TABLE events ADD COLUMN publish_at timestamptz;
CREATE INDEX events_publish_due ON events (publish_at) WHERE status = 'draft' AND publish_at IS NOT NULL;
