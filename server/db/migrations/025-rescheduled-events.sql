-- A published event whose start date moves is rescheduled (contract §11): the
-- first start date it was published with is kept, so its page, JSON-LD
-- (EventRescheduled, previousStartDate) and followers can say it moved. Set and
-- cleared by the update itself (server/db/queries/event-writes.ts): a move back
-- to that date clears it; a draft's date changes never set it.
ALTER TABLE events ADD COLUMN previous_start_date date;
-- event_document() returns the new field(s): server/db/functions/event_document.sql.
