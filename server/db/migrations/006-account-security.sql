-- Account security: sessions checked on every authenticated
-- request, a grace window for a lost refresh answer, password-reset and
-- email-change codes, and the devices a login limit must not lock out.

-- Access tokens name their refresh family (the session); "is it alive" is one
-- lookup in this partial index, which holds only families not yet revoked.
CREATE INDEX refresh_tokens_live_family ON refresh_tokens (family) WHERE revoked_at IS NULL;
-- Password reset and change revoke every session of one user.
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
-- The token that replaced this one; a retry of a lost refresh answer within
-- the grace window is recognised by it (RFC 9700 §4.14.2).
ALTER TABLE refresh_tokens ADD COLUMN successor_id bigint;

-- Mailed codes other than email verification: password reset and email
-- change. Same rules as verification codes (a keyed hash of 4 digits, 10
-- minutes, single use, 5 wrong tries). new_email is the address being proved.
CREATE TABLE account_codes (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password-reset', 'email-change')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts integer NOT NULL DEFAULT 0,
  sent_at timestamptz NOT NULL,
  new_email text,
  PRIMARY KEY (user_id, purpose)
);

-- Addresses an account has signed in from: the global per-account failure
-- limit does not lock these out (a lock-out aimed at a victim spares the
-- victim's own device).
CREATE TABLE known_logins (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);

-- Unverified registrations expire; housekeeping finds them by this index.
CREATE INDEX users_unverified_created ON users (created_at) WHERE verified_at IS NULL;
