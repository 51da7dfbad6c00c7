-- Listings beyond the spec: a ticket link, a price, drafts, and
-- weekly series for promoters.
--
-- price is numeric without a scale, so the text a promoter typed comes back
-- as typed ("12.50" stays "12.50", "0" is free); NULL means "not shown".
ALTER TABLE events
  ADD COLUMN ticket_url text CHECK (char_length(ticket_url) <= 500 AND ticket_url LIKE 'https://%'),
  ADD COLUMN price numeric CHECK (price >= 0 AND price < 1000000),
  ADD COLUMN currency text NOT NULL DEFAULT 'GBP' CHECK (currency ~ '^[A-Z]{3}$'),
  ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'draft')),
  -- True for a business account's one recurring record, its business listing.
  -- A promoter's recurring event is a weekly series and not a listing, so
  -- is_recurring alone no longer says which record is the listing.
  ADD COLUMN is_listing boolean NOT NULL DEFAULT false;

-- Until now only business accounts could save a recurring record.
UPDATE events SET is_listing = true WHERE is_recurring;
ALTER TABLE events ADD CONSTRAINT events_listing_is_recurring CHECK (NOT is_listing OR is_recurring);

-- product §9: one business listing per user; promoters may have many weekly series.
DROP INDEX events_one_listing_per_user;
CREATE UNIQUE INDEX events_one_listing_per_user ON events (user_id) WHERE is_listing;

-- Public reads (pages, sitemap) skip drafts; the sitemap walks this index.
DROP INDEX events_updated;
CREATE INDEX events_updated ON events (updated_at DESC, id DESC) WHERE status = 'published';

CREATE OR REPLACE FUNCTION event_document(e events, media_base text) RETURNS json
LANGUAGE sql STABLE AS $$
SELECT json_build_object(
    'id', e.id,
    'version', e.version,
    'title', e.title,
    'bio', e.bio,
    'location_name', e.location_name,
    'latitude', e.latitude,
    'longitude', e.longitude,
    'start_date', to_char(e.start_date, 'YYYY-MM-DD'),
    'start_time', to_char(e.start_time, 'HH24:MI'),
    'end_date', to_char(e.end_date, 'YYYY-MM-DD'),
    'end_time', to_char(e.end_time, 'HH24:MI'),
    'is_recurring', e.is_recurring,
    'is_sponsored', e.is_sponsored,
    'event_type', e.event_type,
    'event_subtype', e.event_subtype,
    'keywords', e.keywords,
    'cover_image', CASE WHEN e.cover_image IS NULL THEN NULL ELSE media_base || e.cover_image END,
    'schedule_blocks', e.schedule_blocks,
    'monday', e.monday,
    'tuesday', e.tuesday,
    'wednesday', e.wednesday,
    'thursday', e.thursday,
    'friday', e.friday,
    'saturday', e.saturday,
    'sunday', e.sunday,
    'recurring_start_time', to_char(e.recurring_start_time, 'HH24:MI'),
    'recurring_end_time', to_char(e.recurring_end_time, 'HH24:MI'),
    'ticket_url', e.ticket_url,
    'price', e.price::text,
    'currency', e.currency,
    'status', e.status,
    'is_listing', e.is_listing,
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
