CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  full_name text NOT NULL DEFAULT '',
  display_name text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  profile_image text,
  date_of_birth date,
  gender text NOT NULL DEFAULT '',
  is_promoter boolean NOT NULL DEFAULT false,
  user_type text NOT NULL DEFAULT 'user',
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
