-- A stale event list without rebuilding every event's JSON.
--
-- The list of a user whose revision moved was rebuilt whole: 20 JSON
-- documents made by PostgreSQL for a list where one event had changed, the
-- largest single cost of the mixed workload (0.22 ms of the database's time
-- per list read in the benchmark). Each event row now carries `doc_rev`,
-- moved by every UPDATE of the row (a trigger, so the venue answers and the
-- foreign key's SET NULL move it too), and an API process that holds an
-- older copy of a list asks only for the documents whose mark it does not
-- know (server/services/events/event-lists.ts).
--
-- An event's document depends on its own row and on its venue's title, so
-- its mark is `id.doc_rev.venue's doc_rev`: a rename of the venue changes the
-- mark of every event that names it.
ALTER TABLE events ADD COLUMN doc_rev bigint NOT NULL DEFAULT 0;

CREATE FUNCTION events_doc_rev() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc_rev := OLD.doc_rev + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER events_doc_rev BEFORE UPDATE ON events FOR EACH ROW EXECUTE FUNCTION events_doc_rev();

-- A venue's new name is in the documents of the events that name it, so it
-- moves their owners' list revisions too: before this, a promoter's list kept
-- the old name until the promoter's own next write. Rows are locked in id
-- order, so two venues renamed at once cannot deadlock on shared promoters.
-- The cost is one row per promoter naming the venue, paid by the rename (a
-- counted write, within the owner's write limit).
CREATE FUNCTION events_venue_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users u
    WHERE u.id IN (SELECT e.user_id FROM events e WHERE e.venue_id = NEW.id)
    ORDER BY u.id FOR NO KEY UPDATE;
  UPDATE users u SET events_rev = events_rev + 1
   WHERE u.id IN (SELECT e.user_id FROM events e WHERE e.venue_id = NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER events_venue_renamed AFTER UPDATE OF title ON events FOR EACH ROW
  WHEN (NEW.is_listing AND OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION events_venue_renamed();

-- The revision; unless it is `known_rev`, the marks of all the caller's
-- events in id order (comma-separated) and the documents of those whose mark
-- is not the one `known` gives for their id (a JSON object id → mark), in
-- id order, each followed by a record separator (U+001E, which JSON text
-- never holds unescaped). No row for a missing account; an account without
-- events has no marks. One snapshot for all of it: a STABLE function sees its
-- caller's. The venue's title is an argument of event_document() so that
-- PostgreSQL inlines its body (migration 021).
CREATE FUNCTION event_list_delta(owner_id bigint, media_base text, known_rev text, known jsonb)
RETURNS TABLE (rev text, marks text, docs text) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  current text;
BEGIN
  SELECT u.events_rev::text INTO current FROM users u WHERE u.id = owner_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF current IS NOT DISTINCT FROM known_rev THEN
    rev := current;
    RETURN NEXT;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT current,
         string_agg(x.m, ',' ORDER BY x.id),
         string_agg(CASE WHEN (known ->> x.id::text) IS DISTINCT FROM x.m
                         THEN event_document(x.e, media_base, x.venue_title)::text || E'\x1e' END,
                    '' ORDER BY x.id)
    FROM (SELECT e, e.id, v.title AS venue_title,
                 e.id || '.' || e.doc_rev || '.' || coalesce(v.doc_rev::text, '') AS m
            FROM events e LEFT JOIN events v ON v.id = e.venue_id
           WHERE e.user_id = owner_id) x;
END
$$;

-- event_list_json() stays for a server of the previous release running beside
-- this one during a rolling upgrade; this release no longer calls it.
