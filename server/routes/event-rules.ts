/**
 * The rules an event write must pass before it touches the database: whose
 * accounts may write, one business listing per business, the cross-field
 * rules of the shared contract, and how ids and If-Match are read.
 */
import { eventConsistencyErrors, type EventFields } from '../../src/shared/contract/event.ts';
import type { ApiContext } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import type { AccessClaims } from '../services/access-tokens.ts';

export const ONE_LISTING = 'You already have a business listing. Edit it instead of adding another.';

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

export function requireDashboardUser(user: AccessClaims): void {
  if (user.userType !== 'business' && user.userType !== 'subpromoter') {
    throw new ApiError(403, 'Only business and promoter accounts can manage events.');
  }
}

/**
 * Whether the write makes the record the account's business listing: a
 * business account's recurring record is its listing (one per account); a
 * promoter's recurring event is a weekly series (contract §10). Undefined
 * when the write does not touch `is_recurring`.
 */
export function listingFlag(user: AccessClaims, fields: EventFields): boolean | undefined {
  if (fields.is_recurring === undefined) return undefined;
  return fields.is_recurring && user.userType === 'business';
}

/** A short stable hash, so the list's ETag differs per public origin. */
export function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/** The merged record must satisfy the contract's cross-field rules (400 otherwise). */
export function assertConsistent(event: Partial<Record<keyof EventFields, unknown>>): void {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const errors = eventConsistencyErrors({
    event_type: text(event.event_type),
    event_subtype: text(event.event_subtype),
    start_date: text(event.start_date),
    start_time: text(event.start_time),
    end_date: text(event.end_date),
    end_time: text(event.end_time),
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ApiError(400, first, errors);
}

/**
 * Fields whose checks read the stored event: date and type consistency, the
 * one-listing rule, and venue approval (a new venue, or a draft published
 * while it waits for one, tells the venue).
 */
const checkedAgainstStoredRow = [
  'event_type',
  'event_subtype',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'is_recurring',
  'venue_id',
  'status',
] as const satisfies readonly (keyof EventFields)[];

/** True when an update sets a field whose check needs the stored row (see assertConsistent). */
export function needsStoredRow(fields: Partial<Record<keyof EventFields, unknown>>): boolean {
  return checkedAgainstStoredRow.some((field) => fields[field] !== undefined);
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
