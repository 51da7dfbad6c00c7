-- A published event whose start date moves is rescheduled (contract §11): the
-- first start date it was published with is kept, so its page, JSON-LD
-- (EventRescheduled, previousStartDate) and followers can say it moved. Set and
-- cleared by the update itself (server/db/queries/event-writes.ts): a move back
-- to that date clears it; a draft's date changes never set it.
ALTER TABLE events ADD COLUMN previous_start_date date;

-- The document gains the date; everything else as in migration 024 (still inlinable).
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
    'previous_start_date', to_char(e.previous_start_date, 'YYYY-MM-DD'),
    'is_listing', e.is_listing,
    'venue_id', e.venue_id,
    'venue_status', e.venue_status,
    'venue_title', venue_title,
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
