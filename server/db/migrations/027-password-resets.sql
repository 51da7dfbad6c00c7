-- Password resets, one row per mail sent. Each mail carries a 4-digit code that only the
-- requester who asked for it can use (its browser's cookie, or else its address), and a link with
-- a 256-bit token that works anywhere. Strangers' wrong codes are counted against their own
-- rows and addresses, so they can never spend the owner's tries; the link cannot be guessed,
-- so the owner can always recover through the newest mail.
CREATE TABLE password_resets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  link_hash text NOT NULL UNIQUE,
  -- A browser proves itself by its cookie; a client without cookies by its address. Wrong tries
  -- are counted per proof, so cookie-less guessers behind the owner's address cannot burn the
  -- code for the owner's browser.
  cookie_hash text,
  address_hash text NOT NULL,
  wrong_by_cookie integer NOT NULL DEFAULT 0,
  wrong_by_address integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  code_expires_at timestamptz NOT NULL,
  link_expires_at timestamptz NOT NULL
);
CREATE INDEX password_resets_by_user ON password_resets (user_id, created_at DESC);
CREATE INDEX password_resets_by_link_expiry ON password_resets (link_expires_at);

-- Codes mailed by the previous scheme cannot be bound to anyone; they lapse (they lived 10 minutes).
DELETE FROM account_codes WHERE purpose = 'password-reset';
