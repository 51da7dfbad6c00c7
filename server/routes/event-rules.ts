/**
 * How an event request is read: its id, If-Match, the list's page and
 * cursor, and the list ETag's origin tag. The rules a write must pass are in
 * services/events/event-rules.ts.
 */
import type { ApiContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';

export function eventId(c: ApiContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'Event not found.');
  return Number(raw);
}

/** `If-Match: 3`, `"3"` or `W/"3"` → 3; absent or `*` → null. */
export function ifMatchVersion(c: ApiContext): number | null {
  const header = c.req.header('if-match')?.trim();
  if (!header || header === '*') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match) throw new ApiError(400, 'If-Match must be the version number of the event you edited.');
  return Number(match[1]);
}

/** A short stable hash, so the list's ETag differs per public origin. */
export function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** Events per page when a page is asked for without `limit`, and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** Cursors are opaque to callers: the last id of the page they follow, base64url-encoded. */
export function encodeCursor(lastId: number): string {
  return Buffer.from(`e${lastId}`).toString('base64url');
}

/**
 * `?limit=&cursor=` of `GET /api/events/user/`, or null when neither is
 * given (then the whole list is sent, as product §7 callers expect).
 */
export function listPageParams(c: ApiContext): { limit: number; afterId: number } | null {
  const limitText = c.req.query('limit');
  const cursor = c.req.query('cursor');
  if (limitText === undefined && cursor === undefined) return null;
  let limit = DEFAULT_PAGE_SIZE;
  if (limitText !== undefined) {
    limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > MAX_PAGE_SIZE) {
      throw new ApiError(400, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, {
        limit: [`Use a number from 1 to ${MAX_PAGE_SIZE}.`],
      });
    }
  }
  let afterId = 0;
  if (cursor) {
    const match = /^e(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
    if (!match || encodeCursor(Number(match[1])) !== cursor) {
      throw new ApiError(400, 'This page link is not valid. Load the list again from the first page.', {
        cursor: ['Use the cursor from the previous page.'],
      });
    }
    afterId = Number(match[1]);
  }
  return { limit, afterId };
}
