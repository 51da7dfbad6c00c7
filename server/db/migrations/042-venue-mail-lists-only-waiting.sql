-- A venue's request mail lists only requests still waiting for an answer.
--
-- Requests are batched into one mail per venue for a while (VENUE_MAIL_INTERVAL_MS);
-- an owner who answered one in the dashboard meanwhile should not be asked about it
-- again. Each announced request remembers the queued mail its line went into and the
-- line itself, so an answer can take that line out while no worker has claimed the mail
-- (and withdraw the mail when no line is left).
ALTER TABLE venue_request_announced ADD COLUMN mail_id bigint, ADD COLUMN line text;
