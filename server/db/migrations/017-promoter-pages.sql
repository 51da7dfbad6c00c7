-- Promoter and venue pages: `/p/{display_name}` finds the account
-- by its display name without case, and a renamed account's old link
-- answers 301 to the new one for a while (RENAMED_LINK_DAYS in
-- src/shared/contract/promoter-url.ts), so old names are kept with the time
-- they were given up. Rows older than that are pruned on the next rename.
CREATE INDEX IF NOT EXISTS users_display_name_lower ON users (lower(display_name));

CREATE TABLE IF NOT EXISTS display_name_history (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  old_name text NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS display_name_history_name ON display_name_history (lower(old_name), changed_at DESC);
CREATE INDEX IF NOT EXISTS display_name_history_user ON display_name_history (user_id, changed_at);

-- The upcoming events of one account, in date order.
CREATE INDEX IF NOT EXISTS events_user_start ON events (user_id, start_date);
