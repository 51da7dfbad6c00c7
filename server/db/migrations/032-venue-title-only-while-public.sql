-- An event's document names its venue only while the venue's listing is
-- public (published, cancelled or postponed): a listing set back to draft and
-- renamed there must not show its private title to the promoters that named
-- it. Every caller passes the title through the same condition
-- (server/db/queries/event-document.ts for single reads and writes; the list
-- functions below), and a listing's status change moves the list revisions
-- of those promoters, as its rename does, so their lists see it at once.

CREATE OR REPLACE FUNCTION event_list_delta(owner_id bigint, media_base text, known_rev text, known jsonb)
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
    FROM (SELECT e, e.id, CASE WHEN v.status <> 'draft' THEN v.title END AS venue_title,
                 e.id || '.' || e.doc_rev || '.' || coalesce(v.doc_rev::text, '') AS m
            FROM events e LEFT JOIN events v ON v.id = e.venue_id
           WHERE e.user_id = owner_id) x;
END
$$;

CREATE OR REPLACE FUNCTION event_list_page(owner_id bigint, media_base text, after_id bigint, page_rows integer,
                                           known_rev text)
RETURNS TABLE (rev text, id text, doc text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.events_rev::text, p.id::text, p.doc::text
    FROM users u
    LEFT JOIN LATERAL (
      SELECT e.id, event_document(e, media_base,
                                  (SELECT v.title FROM events v WHERE v.id = e.venue_id AND v.status <> 'draft')) AS doc
        FROM events e
       WHERE e.user_id = u.id AND e.id > after_id AND u.events_rev::text IS DISTINCT FROM known_rev
       ORDER BY e.id LIMIT page_rows
    ) p ON true
   WHERE u.id = owner_id;
END
$$;

-- The forms a previous release calls during a rolling upgrade follow the same rule.
CREATE OR REPLACE FUNCTION event_list_json(owner_id bigint, media_base text, known_rev text)
RETURNS TABLE (rev text, body text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.events_rev::text,
         CASE WHEN u.events_rev::text IS DISTINCT FROM known_rev THEN
           coalesce((SELECT json_agg(event_document(e, media_base, CASE WHEN v.status <> 'draft' THEN v.title END)
                                     ORDER BY e.id)
                       FROM events e LEFT JOIN events v ON v.id = e.venue_id
                      WHERE e.user_id = u.id),
                    '[]')::text
         END
    FROM users u WHERE u.id = owner_id;
END
$$;

CREATE OR REPLACE FUNCTION event_document(e events, media_base text) RETURNS json
LANGUAGE sql STABLE AS $$
SELECT event_document(e, media_base, (SELECT v.title FROM events v WHERE v.id = e.venue_id AND v.status <> 'draft'))
$$;

DROP TRIGGER events_venue_renamed ON events;
CREATE TRIGGER events_venue_renamed AFTER UPDATE OF title, status ON events FOR EACH ROW
  WHEN (NEW.is_listing AND (OLD.title IS DISTINCT FROM NEW.title OR OLD.status IS DISTINCT FROM NEW.status))
  EXECUTE FUNCTION events_venue_renamed();
