-- Public listing pages: the sitemap lists every listing, most
-- recently edited first, and its Last-Modified is the newest edit; both read
-- this index instead of sorting the table.
CREATE INDEX events_updated ON events (updated_at DESC, id DESC);
