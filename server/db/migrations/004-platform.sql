-- Cross-instance state for the API's safety rails: rate-limit windows,
-- idempotency records, accepted issue reports and the dev mailbox.

-- Fixed-window counters keyed by bucket, e.g. 'login:ip:127.0.0.1'.
CREATE TABLE rate_limits (
  bucket text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

-- One row per (caller, Idempotency-Key): 'pending' while the first request
-- runs, then its response, replayed for 24 hours.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  created_at timestamptz NOT NULL,
  status integer,
  content_type text,
  body text,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

CREATE TABLE issue_reports (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  email text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mail kept for GET /api/dev/mailbox when no SMTP server is configured.
CREATE TABLE dev_mail (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_mail_recipient ON dev_mail (lower(recipient), id);
