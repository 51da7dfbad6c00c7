/**
 * The caller's events and business listing (product §7, contract §3):
 * list, read, create (multipart), update (PUT multipart, optimistic
 * concurrency with If-Match), delete. Every id is looked up together with the
 * caller's id, so another user's event is simply not found (404).
 *
 * Bounded per account (services/write-policy.ts): writes per minute and day
 * (429), events per account (409), bytes of images (413). Images nothing
 * references any more are removed (services/image-ledger.ts).
 */
import { Hono } from 'hono';
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  EventConflictSchema,
  EventFieldsSchema,
  EventListSchema,
  EventSchema,
} from '../../src/shared/contract/event.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { readForm } from '../http/multipart.ts';
import { atomically } from '../db/request-transaction.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { mediaBase } from '../http/urls.ts';
import { validate } from '../http/validation.ts';
import { deleteOwnEvent, insertEvent, isUniqueViolation, updateOwnEvent } from '../db/queries/event-writes.ts';
import { eventJson, hasBusinessListing, listJson, listPage, lockOwnEvent } from '../db/queries/events.ts';
import { ByteBudgetLru } from '../services/byte-budget-lru.ts';
import { discardImage, storeImage } from '../services/image-ledger.ts';
import { acceptImage, type StoredImage } from '../services/image-store.ts';
import { assertRoomForEvent, countWrite } from '../services/write-policy.ts';
import {
  assertConsistent,
  encodeCursor,
  eventId,
  ifMatchVersion,
  listingFlag,
  listPageParams,
  ONE_LISTING,
  needsStoredRow,
  requireDashboardUser,
  shortHash,
} from './event-rules.ts';

const jsonHeaders = { 'Content-Type': 'application/json' };

/** The revision inside a list ETag the client sent back (`<head><rev><tail>`), if it is one of ours. */
function revisionIn(ifNoneMatch: string | undefined, head: string, tail: string): string | null {
  if (!ifNoneMatch?.startsWith(head) || !ifNoneMatch.endsWith(tail)) return null;
  const rev = ifNoneMatch.slice(head.length, ifNoneMatch.length - tail.length);
  return /^\d{1,19}$/.test(rev) ? rev : null;
}

interface ListBody {
  rev: string;
  body: Uint8Array;
  /** The last id of a page that has another after it. */
  lastId: number | null;
}

type ListPage = NonNullable<ReturnType<typeof listPageParams>>;

/** Bytes of list bodies one process may cache (see the list route). */
export const LIST_CACHE_BYTES = 32 * 1024 * 1024;

export function eventRoutes(services: Services): Hono<ApiEnv> {
  const { db, images, config, clock, writePolicy } = services;
  const router = new Hono<ApiEnv>();
  const base = mediaBase(config);
  const ledger = { db, images, clock };

  async function readEventForm(c: ApiContext) {
    const form = await readForm(c);
    const fields = validate(EventFieldsSchema, form.fields);
    const file = form.files.cover_image;
    return { fields, cover: file ? await acceptImage(file) : null };
  }

  function storeCover(userId: number, cover: StoredImage | null): Promise<string | null> {
    return cover ? storeImage(ledger, writePolicy.imageBytesPerAccount, userId, cover) : Promise.resolve(null);
  }

  // List bodies (the whole list, and pages) per user, tagged with the
  // revision they were built at. The revision is read from the database on
  // every request, so a write made through any process is seen at once; the
  // cache only skips rebuilding JSON. Keyed on the user and page alone (URLs
  // come from PUBLIC_URL, never from Host) and bounded by bytes: with at most
  // `eventsPerAccount` events a whole list is a few MB at worst.
  const lists = new ByteBudgetLru<string, ListBody>(LIST_CACHE_BYTES, (entry) => entry.body.byteLength + 64);
  const encoder = new TextEncoder();

  /** The list (or page) at the database's revision: `known` when it is still current, else read anew. */
  async function currentList(userId: number, page: ListPage | null, known: ListBody | null, knownRev: string | null) {
    const read = page
      ? await listPage(db, userId, base, page, knownRev)
      : { ...(await listJson(db, userId, base, knownRev)), lastId: null };
    if (read.body === null) return { rev: read.rev, list: known };
    return { rev: read.rev, list: { rev: read.rev, body: encoder.encode(read.body), lastId: read.lastId } };
  }

  router.get(
    apiRoutes.eventList,
    route({
      tag: 'events',
      summary:
        "The caller's events, the business listing included (at most 500 per account); with `limit`, one page in id order.",
      auth: 'bearer',
      paged: true,
      etag: 'if-none-match',
      responses: { 200: { description: 'The events (or one page of them).', schema: EventListSchema } },
      errors: [400, 403],
    }),
    async (c) => {
      const user = requireUser(c);
      const page = listPageParams(c);
      const key = page ? `${user.userId}:${page.limit}:${page.afterId}` : String(user.userId);
      const pageTag = page ? `-p${page.limit}.${page.afterId}` : '';
      const tagTail = `${pageTag}-${shortHash(base)}"`;
      const tag = (rev: string) => `W/"ev-${user.userId}-${rev}${tagTail}`;
      const headers: Record<string, string> = { 'Cache-Control': 'private, no-cache' };
      const cached = lists.get(key) ?? null;
      // One statement reads the revision and, unless it is one we can answer
      // from (the client's copy, for a 304, else this process's), the rows.
      const clientRev = revisionIn(c.req.header('if-none-match'), `W/"ev-${user.userId}-`, tagTail);
      const { rev, list } = await currentList(user.userId, page, cached, clientRev ?? cached?.rev ?? null);
      if (rev === clientRev) return c.body(null, 304, { ...headers, ETag: tag(rev) });
      // Not a 304, so the rows were read unless this process's copy is current.
      if (!list) throw new Error('The list read returned no rows for a revision it had no copy of.');
      if (list !== cached) lists.set(key, list);
      if (page && list.lastId !== null) {
        const next = encodeCursor(list.lastId);
        headers['X-Next-Cursor'] = next;
        headers.Link = `<${config.publicUrl}${API_PREFIX}${apiRoutes.eventList}?limit=${page.limit}&cursor=${next}>; rel="next"`;
      }
      return c.body(list.body as Uint8Array<ArrayBuffer>, 200, { ...headers, ...jsonHeaders, ETag: tag(list.rev) });
    },
  );

  router.get(
    apiRoutes.event,
    route({
      tag: 'events',
      summary: 'One event of the caller; ETag is its version.',
      auth: 'bearer',
      etag: 'plain',
      responses: { 200: { description: 'The event.', schema: EventSchema } },
      errors: [403, 404],
    }),
    async (c) => {
      const user = requireUser(c);
      const found = await eventJson(db, eventId(c), user.userId, base);
      if (!found) throw new ApiError(404, 'Event not found.');
      return c.body(found.body, 200, {
        ...jsonHeaders,
        ETag: `"${found.version}"`,
        'Cache-Control': 'private, no-cache',
      });
    },
  );

  router.post(
    apiRoutes.createEvent,
    route({
      tag: 'events',
      summary: 'Create an event or the business listing (is_recurring).',
      auth: 'bearer',
      body: 'upload',
      idempotent: true,
      etag: 'plain',
      form: { fields: EventFieldsSchema, files: ['cover_image'] },
      responses: { 201: { description: 'The new event, with its id.', schema: EventSchema } },
      errors: [403, 409, 429],
    }),
    async (c) => {
      const user = requireUser(c);
      requireDashboardUser(user);
      await countWrite(db, writePolicy, user.userId, clock.now());
      const { fields, cover } = await readEventForm(c);
      if (fields.title === undefined) throw new ApiError(400, 'Give it a title.', { title: ['Give it a title.'] });
      assertConsistent(fields);
      const isListing = listingFlag(user, fields);
      if (isListing && (await hasBusinessListing(db, user.userId, null))) throw new ApiError(409, ONE_LISTING);

      const coverName = await storeCover(user.userId, cover);
      const now = new Date(clock.now());
      try {
        const body = await atomically(db, async (tx) => {
          await assertRoomForEvent(tx, writePolicy, user.userId);
          const inserted = await insertEvent(tx, {
            userId: user.userId,
            fields,
            isListing,
            coverImage: coverName,
            now,
            mediaBase: base,
          });
          return inserted;
        });
        return c.body(body, 201, { ...jsonHeaders, ETag: '"1"' });
      } catch (error) {
        await discardImage(ledger, coverName);
        if (isUniqueViolation(error)) throw new ApiError(409, ONE_LISTING);
        throw error;
      }
    },
  );

  router.put(
    apiRoutes.updateEvent,
    route({
      tag: 'events',
      summary: 'Change an event; with If-Match: <version> a stale write is refused with 412.',
      auth: 'bearer',
      body: 'upload',
      idempotent: true,
      etag: 'if-match',
      form: { fields: EventFieldsSchema, files: ['cover_image'] },
      responses: {
        200: { description: 'The updated event.', schema: EventSchema },
        412: { description: 'If-Match was stale: the current event.', schema: EventConflictSchema },
      },
      errors: [403, 404, 409, 429],
    }),
    async (c) => {
      const user = requireUser(c);
      await countWrite(db, writePolicy, user.userId, clock.now());
      const id = eventId(c);
      const expected = ifMatchVersion(c);
      const { fields, cover } = await readEventForm(c);
      const isListing = listingFlag(user, fields);
      const write = {
        userId: user.userId,
        fields,
        isListing,
        coverImage: null,
        now: new Date(clock.now()),
        mediaBase: base,
      };
      // The common edit (text, place, keywords) needs nothing of the stored row: one statement,
      // guarded by the version. When it matches no row, the full path below says why (404 or 412).
      if (!cover && !needsStoredRow(fields)) {
        const updated = await updateOwnEvent(db, id, write, expected);
        if (updated) return c.body(updated.body, 200, { ...jsonHeaders, ETag: `"${updated.version}"` });
      }
      const coverName = await storeCover(user.userId, cover);
      try {
        const result = await atomically(db, async (tx) => {
          const current = await lockOwnEvent(tx, id, user.userId);
          if (!current) throw new ApiError(404, 'Event not found.');
          if (expected !== null && expected !== current.version) {
            const latest = (await eventJson(tx, id, user.userId, base))!;
            const record = JSON.parse(latest.body) as Record<string, unknown>;
            const detail = 'This event was changed on another device. Review the latest version and save again.';
            return { conflict: JSON.stringify({ ...record, detail, current: record }), version: latest.version };
          }
          assertConsistent({ ...current, ...fields });
          if (isListing && !current.is_listing && (await hasBusinessListing(tx, user.userId, id))) {
            throw new ApiError(409, ONE_LISTING);
          }
          const updated = (await updateOwnEvent(tx, id, { ...write, coverImage: coverName }))!;
          return { body: updated.body, version: updated.version, oldCover: current.cover_image };
        });
        if ('conflict' in result) {
          await discardImage(ledger, coverName);
          return c.body(result.conflict, 412, { ...jsonHeaders, ETag: `"${result.version}"` });
        }
        if (coverName) await discardImage(ledger, result.oldCover);
        return c.body(result.body, 200, { ...jsonHeaders, ETag: `"${result.version}"` });
      } catch (error) {
        await discardImage(ledger, coverName);
        if (isUniqueViolation(error)) throw new ApiError(409, ONE_LISTING);
        throw error;
      }
    },
  );

  router.delete(
    apiRoutes.deleteEvent,
    route({
      tag: 'events',
      summary: 'Delete an event; a second delete is 404.',
      auth: 'bearer',
      idempotent: true,
      responses: { 204: { description: 'Deleted.' } },
      errors: [403, 404, 429],
    }),
    async (c) => {
      const user = requireUser(c);
      await countWrite(db, writePolicy, user.userId, clock.now());
      const id = eventId(c);
      const removed = await deleteOwnEvent(db, id, user.userId);
      if (!removed) throw new ApiError(404, 'Event not found.');
      await discardImage(ledger, removed.cover_image);
      return c.body(null, 204);
    },
  );

  return router;
}
