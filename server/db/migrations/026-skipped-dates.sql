-- A weekly series' own dates that do not happen (contract §11): a JSON list of
-- YYYY-MM-DD, sorted, at most 60 (src/shared/contract/event.ts checks them);
-- the calendar file writes them as EXDATE, the page leaves them out of "Next".
ALTER TABLE events ADD COLUMN skipped_dates jsonb NOT NULL DEFAULT '[]'
  CHECK (jsonb_typeof(skipped_dates) = 'array' AND jsonb_array_length(skipped_dates) <= 60);
-- event_document() returns it: server/db/functions/event_document.sql.
