-- The event list's two statements (server/db/queries/events.ts) as PL/pgSQL
-- functions, so their plans are made once per connection and kept: the list
-- statement inlines event_document(), and on PGlite, where every statement
-- is parsed and planned afresh on the event loop, planning it cost about
-- three times running it when the answer was only the revision.
-- Same statements, same single snapshot: a STABLE function sees its caller's.

-- The revision, and the whole list as JSON text unless the revision is still
-- `known_rev` (the caller has those rows). No row for a missing account.
CREATE OR REPLACE FUNCTION event_list_json(owner_id bigint, media_base text, known_rev text)
RETURNS TABLE (rev text, body text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.events_rev::text,
         CASE WHEN u.events_rev::text IS DISTINCT FROM known_rev THEN
           coalesce((SELECT json_agg(event_document(e, media_base) ORDER BY e.id) FROM events e WHERE e.user_id = u.id),
                    '[]')::text
         END
    FROM users u WHERE u.id = owner_id;
END
$$;

-- One page after `after_id` (keyset on (user_id, id)), `page_rows` rows at
-- most, each with the revision; no event when the revision is `known_rev`.
CREATE OR REPLACE FUNCTION event_list_page(owner_id bigint, media_base text, after_id bigint, page_rows integer,
                                           known_rev text)
RETURNS TABLE (rev text, id text, doc text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.events_rev::text, p.id::text, p.doc::text
    FROM users u
    LEFT JOIN LATERAL (
      SELECT e.id, event_document(e, media_base) AS doc FROM events e
       WHERE e.user_id = u.id AND e.id > after_id AND u.events_rev::text IS DISTINCT FROM known_rev
       ORDER BY e.id LIMIT page_rows
    ) p ON true
   WHERE u.id = owner_id;
END
$$;
