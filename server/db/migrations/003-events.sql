-- Events and business listings (one record type; is_recurring marks the
-- listing). Dates and times are real SQL types; the JSON the API returns is
-- built by event_document() so every query answers in one shape and the
-- server sends the database's text without re-serialising it.
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  version integer NOT NULL DEFAULT 1,
  title text NOT NULL,
  bio text NOT NULL DEFAULT '',
  location_name text NOT NULL DEFAULT '',
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  start_date date,
  start_time time,
  end_date date,
  end_time time,
  is_recurring boolean NOT NULL DEFAULT false,
  is_sponsored boolean NOT NULL DEFAULT false,
  event_type text,
  event_subtype text,
  keywords jsonb NOT NULL DEFAULT '[]',
  cover_image text,
  schedule_blocks jsonb NOT NULL DEFAULT '{}',
  monday boolean NOT NULL DEFAULT false,
  tuesday boolean NOT NULL DEFAULT false,
  wednesday boolean NOT NULL DEFAULT false,
  thursday boolean NOT NULL DEFAULT false,
  friday boolean NOT NULL DEFAULT false,
  saturday boolean NOT NULL DEFAULT false,
  sunday boolean NOT NULL DEFAULT false,
  recurring_start_time time,
  recurring_end_time time,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_user ON events (user_id, id);
-- product §9: one business listing per user, enforced by the database too.
CREATE UNIQUE INDEX events_one_listing_per_user ON events (user_id) WHERE is_recurring;

-- media_base is the absolute URL prefix of uploaded images ('https://host/api/media/').
CREATE FUNCTION event_document(e events, media_base text) RETURNS json
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
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
