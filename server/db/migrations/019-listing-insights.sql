-- Insights: per listing and day, how often its public page was
-- viewed, reached through the QR poster or a shared link, added to a calendar
-- and its ticket link followed. One row per listing per day with a count, so
-- the table grows with listings × days, never with visits; no address,
-- cookie or fingerprint is stored (server/services/insights-counter.ts).
-- Rows older than the retention go with housekeeping; a deleted listing's go with it.
CREATE TABLE IF NOT EXISTS listing_insights (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  qr_scans integer NOT NULL DEFAULT 0,
  shares integer NOT NULL DEFAULT 0,
  calendar_adds integer NOT NULL DEFAULT 0,
  ticket_clicks integer NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, day)
);
CREATE INDEX IF NOT EXISTS listing_insights_day ON listing_insights (day);
