/** SQL for event_links: an event's tagged page addresses (routes/event-links.ts). */
import type { Queryable } from '../client.ts';

export interface StoredEventLink {
  id: number;
  label: string;
  slug: string;
  /** Views through it since the day asked for. */
  views: number;
}

/** The event's title when it is `userId`'s, else null (not theirs, or no such event). */
export async function ownEventTitle(db: Queryable, eventId: number, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>('SELECT title FROM events WHERE id = $1 AND user_id = $2', [
    eventId,
    userId,
  ]);
  return rows[0]?.title ?? null;
}

/** The event's links, oldest first, with their views from `since` (inclusive). */
export async function eventLinks(db: Queryable, eventId: number, since: string): Promise<StoredEventLink[]> {
  const { rows } = await db.query<StoredEventLink>(
    `SELECT l.id::int AS id, l.label, l.slug, coalesce(sum(s.views), 0)::int AS views
     FROM event_links l
     LEFT JOIN listing_insight_sources s
       ON s.event_id = l.event_id AND s.source = 'link:' || l.slug AND s.day >= $2::date
     WHERE l.event_id = $1
     GROUP BY l.id
     ORDER BY l.id`,
    [eventId, since],
  );
  return rows;
}

export type AddLinkResult = { id: number } | 'duplicate-label' | 'duplicate-slug' | 'full';

/**
 * Adds a link unless the event already has `max` of them. Two requests racing
 * for the last place may both get one; the bound is against piling up, not exact.
 */
export async function addEventLink(
  db: Queryable,
  link: { eventId: number; label: string; slug: string },
  max: number,
): Promise<AddLinkResult> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO event_links (event_id, label, slug)
       SELECT $1, $2, $3
       WHERE (SELECT count(*) FROM event_links WHERE event_id = $1) < $4
       RETURNING id::int AS id`,
      [link.eventId, link.label, link.slug, max],
    );
    return rows[0] ?? 'full';
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code !== '23505') throw error;
    return constraint === 'event_links_label' ? 'duplicate-label' : 'duplicate-slug';
  }
}

/** Whether `slug` is one of the event's links (a beacon's `src` counts only then). */
export async function isEventLink(db: Queryable, eventId: number, slug: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM event_links WHERE event_id = $1 AND slug = $2', [eventId, slug]);
  return rows.length > 0;
}
