-- Venue approval: a promoter's event may name a venue, the id of
-- a business listing. It is then 'pending' until the venue's owner answers
-- ('approved' or 'declined'); naming another venue asks again.
--
-- No orphans: the venue deleting its listing (or its account) sets venue_id
-- to NULL through the foreign key, and the trigger below clears the status
-- with it and moves the promoter's list revision, so the promoter's
-- dashboard sees the event without a venue at its next poll.
ALTER TABLE events
  ADD COLUMN venue_id bigint REFERENCES events (id) ON DELETE SET NULL,
  ADD COLUMN venue_status text CHECK (venue_status IN ('pending', 'approved', 'declined')),
  ADD COLUMN venue_requested_at timestamptz,
  ADD COLUMN venue_answered_at timestamptz,
  ADD CONSTRAINT events_venue_status_with_venue CHECK ((venue_id IS NULL) = (venue_status IS NULL)),
  ADD CONSTRAINT events_venue_not_itself CHECK (venue_id <> id);

-- A venue's requests and its "What's on" list; also what the foreign key's
-- ON DELETE looks up.
CREATE INDEX events_venue ON events (venue_id, venue_status) WHERE venue_id IS NOT NULL;

-- A new venue (or none) sets the status: pending from the write's time, or
-- nothing. Writes that leave venue_id as it was keep the answer.
CREATE FUNCTION events_venue_state() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.venue_id IS NULL THEN
    NEW.venue_status := NULL;
    NEW.venue_requested_at := NULL;
    NEW.venue_answered_at := NULL;
    -- Only when the foreign key cleared it (the listing was deleted): a
    -- promoter's own write moves the revision in its own statement.
    IF TG_OP = 'UPDATE' AND OLD.venue_id IS NOT NULL AND pg_trigger_depth() > 1 THEN
      UPDATE users SET events_rev = events_rev + 1 WHERE id = NEW.user_id;
    END IF;
  ELSIF TG_OP = 'INSERT' OR NEW.venue_id IS DISTINCT FROM OLD.venue_id THEN
    NEW.venue_status := 'pending';
    NEW.venue_requested_at := NEW.updated_at;
    NEW.venue_answered_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER events_venue_state BEFORE INSERT OR UPDATE OF venue_id ON events
  FOR EACH ROW EXECUTE FUNCTION events_venue_state();

-- The venue's owner gets one mail per new request, batched: at most one mail
-- per venue per VENUE_MAIL_INTERVAL (services/venue-approval.ts). While the
-- next mail waits in mail_queue unclaimed, new requests are added to it.
CREATE TABLE venue_request_mail (
  venue_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  mail_id bigint,
  next_mail_at timestamptz NOT NULL
);

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
    'venue_id', e.venue_id,
    'venue_status', e.venue_status,
    'venue_title', (SELECT v.title FROM events v WHERE v.id = e.venue_id),
    'created_at', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
$$;
