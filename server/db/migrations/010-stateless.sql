-- Stateless instances: what used to live in DATA_DIR moves here, so
-- every instance on this database signs, verifies and serves the same things.

-- Token signing keys. The newest key signs; every key still listed verifies
-- tokens whose `kid` header names it. `npm run keys:rotate` adds a key and
-- drops the ones retired longer ago than any access token lives.
CREATE TABLE IF NOT EXISTS signing_keys (
  kid text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- Long-lived server secrets that never rotate (e.g. the key verification codes
-- are hashed with, which must match on every instance while a code is valid).
CREATE TABLE IF NOT EXISTS server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Uploaded images when the media store is PostgreSQL (the default with
-- DATABASE_URL and no MEDIA_S3_URL). Images are downscaled before they get
-- here, so a bytea row is small enough.
CREATE TABLE IF NOT EXISTS media_objects (
  name text PRIMARY KEY,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
