-- The events trigger's function (migration 036 made the trigger and a first
-- version): every write of an event that followers should hear of queues
-- their notices in follow_notices in the write's own transaction, whichever
-- statement made it, so a request never waits for a push service and a
-- restart loses nothing (services/followers/deliveries.ts sends them):
-- - published (created so, or out of draft): the account's followers, and the
--   venue's once the venue has approved it ('new');
-- - approved by its venue: the venue's followers ('new');
-- - status, sold out, date, time, place or venue changed: the event's own
--   followers, and the account's and venue's while it is still to come ('changed').
-- Drafts and business listings tell nobody.
--
-- A burst of writes is one message: a later write of the same event while its
-- notice still waits (pending, not tried yet) moves quiet_since to now instead
-- of queueing another (the worker holds a notice until its event has been
-- quiet for a while), but never for a notice older than ten minutes, so an
-- event edited without pause is still told.
--
-- A repeatable definition (server/db/migrate.ts): applied after the numbered
-- migrations whenever this file changes, so a change to what followers hear of
-- is one edit here, not a copy of the function in a new migration.
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
