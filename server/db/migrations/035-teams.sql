-- Teams (contract §12): people an owner lets act for their account, each with
-- a role, and the invitations that make them members. An invitation is kept by
-- the hash of its token only, works once (accepted_at) and until expires_at.
CREATE TABLE team_members (
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('manager', 'editor')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, user_id),
  CHECK (owner_id <> user_id)
);
-- The Account switcher lists a member's accounts.
CREATE INDEX team_members_user ON team_members (user_id);

CREATE TABLE team_invites (
  id bigserial PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('manager', 'editor')),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE INDEX team_invites_owner ON team_invites (owner_id) WHERE accepted_at IS NULL;

-- Who last changed an event: the owner or one of their members. No foreign key:
-- a member who leaves, or deletes their account, stays named on what they changed.
ALTER TABLE events ADD COLUMN updated_by bigint;
