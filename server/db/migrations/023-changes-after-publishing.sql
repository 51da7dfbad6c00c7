-- Changes after publishing (contract §11): a published event can be cancelled or
-- postponed and stays public, saying so, with a note (why, what next) of at most
-- 280 characters; any event can be sold out. Only a published event moves to
-- cancelled or postponed (services/events/event-writes.ts); a draft was never shared.
ALTER TABLE events DROP CONSTRAINT events_status_check;
ALTER TABLE events
  ADD CONSTRAINT events_status_check CHECK (status IN ('published', 'draft', 'cancelled', 'postponed')),
  ADD COLUMN status_note text NOT NULL DEFAULT '' CHECK (char_length(status_note) <= 280),
  ADD COLUMN sold_out boolean NOT NULL DEFAULT false;
-- event_document() returns the new field(s): server/db/functions/event_document.sql.
