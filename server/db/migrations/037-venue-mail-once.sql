-- Venue mail that cannot be multiplied by toggling.
--
-- A request is announced to its venue once: venue_request_announced holds,
-- per event, the request (venue and when it was made) its venue was told
-- about. Publishing a draft announces its request; setting it back to draft
-- and publishing again does not announce the same request again. A new
-- request (another venue, or the venue named anew) is counted against the
-- promoter's daily bound when it is made, and announced.
CREATE TABLE venue_request_announced (
  event_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  venue_id bigint NOT NULL,
  requested_at timestamptz
);
-- Requests already published were announced under the previous rule.
INSERT INTO venue_request_announced (event_id, venue_id, requested_at)
  SELECT id, venue_id, venue_requested_at FROM events WHERE venue_id IS NOT NULL AND status = 'published';

-- The promoter hears of a venue's decisions at most once an hour per event:
-- mail_id is the decision mail queued last and mail_status the answer it
-- gives; prior_status what the promoter was told before it (NULL: nothing).
-- While that mail is unclaimed a new answer rewrites it (or withdraws it when
-- the answer is back to prior_status); after, the next mail waits until
-- next_mail_at, so flipping approve/decline sends the latest answer, once.
-- venue_id and requested_at say which request the statuses belong to: a new
-- request starts with nothing told.
CREATE TABLE venue_decision_mail (
  event_id bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  venue_id bigint,
  requested_at timestamptz,
  mail_id bigint,
  mail_status text,
  prior_status text,
  next_mail_at timestamptz NOT NULL
);
