-- Outgoing mail as an outbox: every mail is a row inserted in the
-- same transaction as the change that causes it, and a worker in every API
-- process sends it (services/mail-queue.ts). A row is claimed with
-- FOR UPDATE SKIP LOCKED and leased until next_attempt_at; a process killed
-- mid-send leaves the lease to run out, and another claim retries it.
-- state: 'pending' (waiting or leased), 'sent', 'dead' (gave up after
-- MAIL_MAX_ATTEMPTS; an operator reads them with the query in SECURITY.md).
CREATE TABLE mail_queue (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX mail_queue_finished ON mail_queue (finished_at) WHERE state <> 'pending';

-- A retry of a refresh within the grace window gets the SAME successor back
--: it is kept sealed with a key only the holder
-- of the used token can derive (services/refresh-tokens.ts).
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;

-- The dev mailbox lists the queue by recipient; its old table goes.
CREATE INDEX mail_queue_recipient ON mail_queue (lower(recipient), id);
DROP TABLE dev_mail;
