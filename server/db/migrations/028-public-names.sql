-- A public name (the `/p/{name}` page, its feed and the "by …" links) belongs to one
-- account. name_key folds case and look-alike letters (src/shared/contract/name-key.ts), so
-- "SAM.NIGHTS" or "ѕаm.nights" in Cyrillic cannot take over "sam.nights". A name given up
-- in a rename stays its old owner's for RENAMED_LINK_DAYS (its old links redirect), then
-- anyone may take it. Accounts made before this table get their names at start-up, first
-- come (by when each account took its current name) first served.
CREATE TABLE public_names (
  name_key text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  display_name text NOT NULL,
  released_at timestamptz
);
-- One current name per account.
CREATE UNIQUE INDEX public_names_current ON public_names (user_id) WHERE released_at IS NULL;
