-- Changes after publishing (contract §11): a published event can be cancelled or
-- postponed and stays public, saying so, with a note (why, what next) of at most
-- 280 characters; any event can be sold out. Only a published event moves to
-- cancelled or postponed (services/events/event-writes.ts); a draft was never shared.
ALTER TABLE events DROP CONSTRAINT events_status_check;
ALTER TABLE events
  ADD CONSTRAINT events_status_check CHECK (status IN ('published', 'draft', 'cancelled', 'postponed')),
  ADD COLUMN status_note text NOT NULL DEFAULT '' CHECK (char_length(status_note) <= 280),
  ADD COLUMN sold_out boolean NOT NULL DEFAULT false;

-- The document gains the two fields; everything else as in migration 021 (still inlinable).
CREATE OR REPLACE FUNCTION event_document(e events, media_base text, venue_title text) RETURNS json
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
    'status_note', e.status_note,
    'sold_out', e.sold_out,
    'is_listing', e.is_listing,
    'venue_id', e.venue_id,
    'venue_status', e.venue_status,
    'venue_title', venue_title,
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
