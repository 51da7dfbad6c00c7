-- A listing's street address, kept beside its place and coordinates: the place
-- picked fills the locality and country (and the street and postcode when it
-- is an address or a venue); the promoter may type or correct the street and
-- postcode without the coordinates going. Pages say streetAddress only when
-- there is one, never the district.
ALTER TABLE events
  ADD COLUMN street_address text NOT NULL DEFAULT '',
  ADD COLUMN postal_code text NOT NULL DEFAULT '',
  ADD COLUMN locality text NOT NULL DEFAULT '',
  ADD COLUMN country_code text NOT NULL DEFAULT '';

-- "Use my location" looks for the nearest known place around a point: a band of
-- latitude read from this index, then the distance within it.
CREATE INDEX places_lat ON places (lat);

-- Venue names typed in the place search and the Venue field are matched against
-- published business listings' titles, folded (no case, no accents) once per write
-- rather than once per listing and search; the partial index keeps a search to the
-- listings alone, and answers a name prefix as a range.
ALTER TABLE events ADD COLUMN title_key text COLLATE "C" GENERATED ALWAYS AS (fold(title)) STORED;
CREATE INDEX events_published_listings ON events (title_key) WHERE is_listing AND status = 'published';
