-- Sign-in state that must outlive any one API process (several may run on
-- one PostgreSQL): rotating refresh tokens and email verification codes.

-- Bumped on every event write of the user, so the events list has a cheap ETag.
ALTER TABLE users ADD COLUMN events_rev bigint NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- Opaque refresh tokens, stored as SHA-256 hashes. Each login starts a family;
-- each refresh marks the presented token used and issues the next one in the
-- family. Presenting a used token again means it leaked: the family is revoked.
CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  family uuid NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family);
CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);

-- One live verification code per unverified user: a keyed hash of 4 digits,
-- valid 10 minutes, single use, at most 5 wrong tries.
CREATE TABLE email_verifications (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL,
  resent_at timestamptz
);
