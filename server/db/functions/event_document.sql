-- An event's JSON document: what every read of the API returns, built in the
-- database so a list is one query and no re-serialisation in JavaScript.
--
-- A repeatable definition (server/db/migrate.ts): applied after the numbered
-- migrations whenever this file changes, so a new event field is one edit here
-- plus its column in a migration. It must stay inlinable: no subquery in the
-- body (the venue's title is an argument, see migration 021), STABLE, one SELECT;
-- tests/api/event-document-is-inlined.test.ts checks it. json_build_object takes at
-- most 100 arguments: 50 fields.
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
    'street_address', e.street_address,
    'postal_code', e.postal_code,
    'locality', e.locality,
    'country_code', e.country_code,
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
    'publish_at', to_char(e.publish_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'time_zone', e.time_zone,
    'previous_start_date', to_char(e.previous_start_date, 'YYYY-MM-DD'),
    'skipped_dates', e.skipped_dates,
    'is_listing', e.is_listing,
    'venue_id', e.venue_id,
    'venue_status', e.venue_status,
    'venue_title', venue_title,
    'updated_by', e.updated_by,
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
