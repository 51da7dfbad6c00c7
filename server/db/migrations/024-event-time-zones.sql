-- Every event in the time of its own place (contract §11): the IANA zone of its
-- coordinates, looked up when they are written (services/events/time-zones.ts);
-- NULL without coordinates, where readers use the site's zone. Rows written
-- before this migration get theirs when the server starts (services/events/backfill-time-zones.ts).
ALTER TABLE events ADD COLUMN time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) <= 64);
-- event_document() returns the new field(s): server/db/functions/event_document.sql.
