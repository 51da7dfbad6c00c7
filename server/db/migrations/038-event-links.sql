-- Tagged links: an event's own page address with `?src={slug}`, one per
-- poster, flyer or channel, so its insights can tell which one brought people.
-- Labels are unique per event whatever their case; slugs per event.
CREATE TABLE event_links (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  label text NOT NULL,
  slug text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, slug)
);
CREATE UNIQUE INDEX event_links_label ON event_links (event_id, lower(label));

-- Views per source and day: a tagged link ('link:{slug}'), 'qr', 'share', a
-- referring site's host name ('host:{name}') or 'other'. Counts only, like
-- listing_insights; rows go with the same retention and with the listing.
CREATE TABLE listing_insight_sources (
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  day date NOT NULL,
  source text NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, day, source)
);
CREATE INDEX listing_insight_sources_day ON listing_insight_sources (day);

-- Distinct visitors of the day, counted in memory and added at each flush.
ALTER TABLE listing_insights ADD COLUMN visitors integer NOT NULL DEFAULT 0;
