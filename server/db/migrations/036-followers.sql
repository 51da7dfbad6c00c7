-- Followers (contract §11): anyone, with no account, follows a promoter (an
-- account), a venue (a business listing) or one event ("Remind me"), by push
-- or by email. Ending a follow deletes its row; so does the push service
-- saying the subscription is gone (404/410), and deleting what it follows.
--
-- user_id is the followed account (target 'promoter': held by id, so a
-- rename keeps its followers); event_id the venue's listing or the event.
-- token_hash is the SHA-256 of the unsubscribe token; an email follow also
-- keeps the token itself (mail_token), since every mail it gets carries the
-- link. confirmed_at: push follows are confirmed when made, email follows once
-- the mailed link (confirm_hash) is opened; nothing is sent before.
-- reminded_for: the date the day-before reminder of an 'event' follow was sent for.
CREATE TABLE follows (
  id bigserial PRIMARY KEY,
  target_kind text NOT NULL CHECK (target_kind IN ('promoter', 'venue', 'event')),
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  event_id bigint REFERENCES events (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('push', 'email')),
  endpoint text,
  p256dh text,
  auth text,
  email text,
  token_hash text NOT NULL,
  mail_token text,
  confirm_hash text,
  confirmed_at timestamptz,
  reminded_for date,
  created_at timestamptz NOT NULL,
  CONSTRAINT follows_one_target CHECK (
    CASE target_kind WHEN 'promoter' THEN user_id IS NOT NULL AND event_id IS NULL
                     ELSE event_id IS NOT NULL AND user_id IS NULL END),
  CONSTRAINT follows_channel_fields CHECK (
    CASE channel WHEN 'push' THEN endpoint IS NOT NULL AND p256dh IS NOT NULL AND auth IS NOT NULL AND email IS NULL
                 ELSE email IS NOT NULL AND mail_token IS NOT NULL AND endpoint IS NULL END)
);
-- One follow per subscription or address and target: following again renews it.
CREATE UNIQUE INDEX follows_push_once ON follows (target_kind, coalesce(user_id, event_id), endpoint)
  WHERE channel = 'push';
CREATE UNIQUE INDEX follows_email_once ON follows (target_kind, coalesce(user_id, event_id), lower(email))
  WHERE channel = 'email';
-- Who hears of an event's change: its account's, its venue's and its own followers.
CREATE INDEX follows_of_account ON follows (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX follows_of_event ON follows (event_id, target_kind) WHERE event_id IS NOT NULL;
-- A push service's 404/410 ends every follow of that subscription.
CREATE INDEX follows_endpoint ON follows (endpoint) WHERE endpoint IS NOT NULL;

-- What a follow is to hear of, as an outbox like mail_queue (services/followers/
-- deliveries.ts claims rows with FOR UPDATE SKIP LOCKED and leases them until
-- next_attempt_at). The text is written when it is sent, from the event as it
-- is then, so a row waiting unclaimed absorbs later changes of the same event
-- (follow_notices_coalesced): one notification per follow per change, however
-- many writes it took. A new row is due at '-infinity', at once whatever clock
-- the worker reads.
CREATE TABLE follow_notices (
  id bigserial PRIMARY KEY,
  follow_id bigint NOT NULL REFERENCES follows (id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('new', 'changed', 'reminder')),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX follow_notices_coalesced ON follow_notices (follow_id, event_id)
  WHERE state = 'pending' AND attempts = 0;
CREATE INDEX follow_notices_due ON follow_notices (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX follow_notices_finished ON follow_notices (finished_at) WHERE state <> 'pending';

-- Every write of an event that followers should hear of queues its notices in
-- the write's own transaction, whichever statement made it (an update in one
-- statement, the locked path, a venue's answer):
-- - published (created so, or out of draft): the account's followers, and the
--   venue's once the venue has approved it ('new');
-- - approved by its venue: the venue's followers ('new');
-- - status, sold out, date, time, place or venue changed: the event's own
--   followers, and the account's and venue's while it is still to come ('changed').
-- Drafts and business listings tell nobody.
CREATE FUNCTION events_tell_followers() RETURNS trigger
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
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER events_tell_followers AFTER INSERT OR UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION events_tell_followers();

-- Mail may carry headers of its own (List-Unsubscribe on followers' mail).
ALTER TABLE mail_queue ADD COLUMN headers jsonb;
