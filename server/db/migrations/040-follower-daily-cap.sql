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

-- The trigger's function, folding later writes into a waiting notice, is a
-- repeatable definition: server/db/functions/events_tell_followers.sql.
