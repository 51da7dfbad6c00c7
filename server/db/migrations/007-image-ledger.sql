-- Every image the API stores, with its owner and size: the per-account
-- storage quota sums it, and the orphan sweep deletes files that no event or
-- profile references (a failed write, or a crash between storing the file and
-- committing the row that points at it). A row is written right after the
-- file is stored and before the write that references it.
CREATE TABLE stored_images (
  name text PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  bytes integer NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_images_user ON stored_images (user_id);
CREATE INDEX stored_images_created ON stored_images (created_at);
-- The sweep asks "does anything reference this name?" once per candidate.
CREATE INDEX events_cover_image ON events (cover_image) WHERE cover_image IS NOT NULL;
CREATE INDEX users_profile_image ON users (profile_image) WHERE profile_image IS NOT NULL;
