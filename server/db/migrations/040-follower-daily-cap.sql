-- Followers are not flooded (services/followers/deliveries.ts):
--
-- 1. A burst of writes is one message. A notice is held until its event has
--    been quiet for a while (the worker's settle time, counted from
--    quiet_since): each write of the same event while the notice still waits
--    moves quiet_since to now, so ten edits in a minute are one message,
--    telling the last state. A notice is never held more than ten minutes
--    past its first write, so an event edited without pause is still told.
--
-- 2. At most a fixed number of messages a day per follower — a push
--    subscription or an email address, across everything it follows.
--    follower_daily_sends counts them per UTC day, in the database so that
--    every instance draws on one count; the worker takes a slot with one
--    upsert (row-locked, so two instances never hand out the same slot), in
--    the transaction that claims the notice. `counted` marks a notice that
--    has its slot, so a retry or a claim taken over after a crash does not
--    take a second one. `granted` is what the last upsert of the row handed
--    out (SET sees the row as it was: granted = new total - old total).
ALTER TABLE follow_notices
  ADD COLUMN quiet_since timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN counted boolean NOT NULL DEFAULT false;

CREATE TABLE follower_daily_sends (
  day date NOT NULL,
  recipient text NOT NULL,
  sent integer NOT NULL,
  granted integer NOT NULL,
  PRIMARY KEY (day, recipient)
);

CREATE OR REPLACE FUNCTION events_tell_followers() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  what text;
  upcoming boolean;
BEGIN
  IF NEW.status = 'draft' OR NEW.is_listing THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.status = 'draft' THEN
    what := 'new';
  ELSIF NEW.status IS DISTINCT FROM OLD.status
     OR (NEW.sold_out AND NOT OLD.sold_out)
     OR NEW.start_date IS DISTINCT FROM OLD.start_date
     OR NEW.start_time IS DISTINCT FROM OLD.start_time
     OR NEW.end_date IS DISTINCT FROM OLD.end_date
     OR NEW.end_time IS DISTINCT FROM OLD.end_time
     OR NEW.location_name IS DISTINCT FROM OLD.location_name
     OR NEW.venue_id IS DISTINCT FROM OLD.venue_id THEN
    what := 'changed';
  ELSIF NEW.venue_status = 'approved' AND OLD.venue_status IS DISTINCT FROM 'approved' THEN
    what := 'approved';
  ELSE
    RETURN NULL;
  END IF;
  upcoming := NEW.is_recurring AND (NEW.end_date IS NULL OR NEW.end_date >= current_date)
    OR coalesce(NEW.end_date, NEW.start_date, current_date) >= current_date;
  INSERT INTO follow_notices (follow_id, event_id, kind)
  SELECT f.id, NEW.id, CASE what WHEN 'approved' THEN 'new' ELSE what END
    FROM follows f
   WHERE f.confirmed_at IS NOT NULL
     AND ((what = 'changed' AND f.target_kind = 'event' AND f.event_id = NEW.id)
       OR (upcoming AND what <> 'approved' AND f.target_kind = 'promoter' AND f.user_id = NEW.user_id)
       OR (upcoming AND NEW.venue_status = 'approved' AND f.target_kind = 'venue' AND f.event_id = NEW.venue_id))
  ON CONFLICT (follow_id, event_id) WHERE state = 'pending' AND attempts = 0
  DO UPDATE SET quiet_since = now()
   WHERE follow_notices.created_at > now() - interval '10 minutes';
  RETURN NULL;
END
$$;
