-- Lowercase without accents, for comparing names ("Café" = "cafe"):
-- NFD splits "é" into "e" + a combining accent, which is then removed.
CREATE FUNCTION fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(normalize(lower(t), NFD), '[\u0300-\u036f]', '', 'g')
$$;
