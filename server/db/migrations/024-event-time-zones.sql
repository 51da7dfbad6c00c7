-- Every event in the time of its own place (contract §11): the IANA zone of its
-- coordinates, looked up when they are written (services/events/time-zones.ts);
-- NULL without coordinates, where readers use the site's zone. Rows written
-- before this migration get theirs when the server starts (services/events/backfill-time-zones.ts).
ALTER TABLE events ADD COLUMN time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) <= 64);

-- The document gains the zone; everything else as in migration 023 (still inlinable).
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
    'time_zone', e.time_zone,
    'is_listing', e.is_listing,
    'venue_id', e.venue_id,
    'venue_status', e.venue_status,
    'venue_title', venue_title,
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
