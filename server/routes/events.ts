/**
 * The caller's events and business listing (SPEC §7, CONTRACTS §3):
 * list, read, create (multipart), update (PUT multipart, optimistic
 * concurrency with If-Match), delete. Every id is looked up together with the
 * caller's id, so another user's event is simply not found (404).
 */
import { Hono } from 'hono';
import { EventFieldsSchema } from '../../src/shared/contract/event.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { readForm } from '../http/multipart.ts';
import { ApiError } from '../http/problem.ts';
import { mediaBase } from '../http/urls.ts';
import { validate } from '../http/validation.ts';
import {
  bumpEventsRev,
  columnValues,
  eventJson,
  hasBusinessListing,
  isUniqueViolation,
  listJson,
  listRev,
  lockOwnEvent,
} from '../services/events-store.ts';
import { acceptImage } from '../services/image-store.ts';
import { Lru } from '../services/lru.ts';
import {
  assertConsistent,
  checkListingAllowed,
  eventId,
  ifMatchVersion,
  ONE_LISTING,
  requireDashboardUser,
  shortHash,
} from './event-rules.ts';

const jsonHeaders = { 'Content-Type': 'application/json' };

export function eventRoutes(services: Services): Hono<ApiEnv> {
  const { db, images, config, clock } = services;
  const router = new Hono<ApiEnv>();

  async function readEventForm(c: ApiContext) {
    const form = await readForm(c);
    const fields = validate(EventFieldsSchema, form.fields);
    const file = form.files.cover_image;
    return { fields, cover: file ? await acceptImage(file) : null };
  }

  async function storeCover(cover: Awaited<ReturnType<typeof readEventForm>>['cover']): Promise<string | null> {
    return cover ? images.put(cover.bytes, cover.type) : null;
  }

  // List bodies by (user, origin), tagged with the revision they were built at.
  // The revision is read from the database on every request, so a write made
  // through any process is seen at once; the cache only skips rebuilding JSON.
  const lists = new Lru<string, { rev: string; body: string }>(2_000);

  router.get('/user/', async (c) => {
    const user = requireUser(c);
    const base = mediaBase(c, config.trustProxy);
    const tag = (rev: string) => `W/"ev-${user.userId}-${rev}-${shortHash(base)}"`;
    const headers = { 'Cache-Control': 'private, no-cache' };
    const cacheKey = `${user.userId} ${base}`;
    const cached = lists.get(cacheKey);
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch || cached) {
      const rev = await listRev(db, user.userId);
      if (rev !== null && ifNoneMatch === tag(rev)) return c.body(null, 304, { ...headers, ETag: tag(rev) });
      if (rev !== null && cached?.rev === rev) {
        return c.body(cached.body, 200, { ...headers, ...jsonHeaders, ETag: tag(rev) });
      }
    }
    const list = await listJson(db, user.userId, base);
    lists.set(cacheKey, list);
    return c.body(list.body, 200, { ...headers, ...jsonHeaders, ETag: tag(list.rev) });
  });

  router.get('/:id/', async (c) => {
    const user = requireUser(c);
    const found = await eventJson(db, eventId(c), user.userId, mediaBase(c, config.trustProxy));
    if (!found) throw new ApiError(404, 'Event not found.');
    return c.body(found.body, 200, {
      ...jsonHeaders,
      ETag: `"${found.version}"`,
      'Cache-Control': 'private, no-cache',
    });
  });

  router.post('/create/', async (c) => {
    const user = requireUser(c);
    requireDashboardUser(user);
    const { fields, cover } = await readEventForm(c);
    if (fields.title === undefined) throw new ApiError(400, 'Give it a title.', { title: ['Give it a title.'] });
    checkListingAllowed(user, fields);
    assertConsistent(fields);
    if (fields.is_recurring && (await hasBusinessListing(db, user.userId, null))) throw new ApiError(409, ONE_LISTING);

    const coverName = await storeCover(cover);
    const { columns, values } = columnValues(fields);
    const now = new Date(clock.now());
    const allColumns = ['user_id', 'created_at', 'updated_at', ...columns, ...(coverName ? ['cover_image'] : [])];
    const allValues = [user.userId, now, now, ...values, ...(coverName ? [coverName] : [])];
    const placeholders = allValues.map((_, i) => `$${i + 2}`).join(', ');
    try {
      const body = await db.transaction(async (tx) => {
        const inserted = await tx.query<{ body: string }>(
          `INSERT INTO events AS e (${allColumns.join(', ')}) VALUES (${placeholders})
           RETURNING event_document(e, $1)::text AS body`,
          [mediaBase(c, config.trustProxy), ...allValues],
        );
        await bumpEventsRev(tx, user.userId);
        return inserted.rows[0]!.body;
      });
      return c.body(body, 201, { ...jsonHeaders, ETag: '"1"' });
    } catch (error) {
      if (coverName) await images.delete(coverName);
      if (isUniqueViolation(error)) throw new ApiError(409, ONE_LISTING);
      throw error;
    }
  });

  router.put('/:id/update/', async (c) => {
    const user = requireUser(c);
    const id = eventId(c);
    const expected = ifMatchVersion(c);
    const { fields, cover } = await readEventForm(c);
    checkListingAllowed(user, fields);
    const base = mediaBase(c, config.trustProxy);
    const coverName = await storeCover(cover);
    try {
      const result = await db.transaction(async (tx) => {
        const current = await lockOwnEvent(tx, id, user.userId);
        if (!current) throw new ApiError(404, 'Event not found.');
        if (expected !== null && expected !== current.version) {
          const latest = (await eventJson(tx, id, user.userId, base))!;
          const record = JSON.parse(latest.body) as Record<string, unknown>;
          const detail = 'This event was changed on another device. Review the latest version and save again.';
          return { conflict: JSON.stringify({ ...record, detail, current: record }), version: latest.version };
        }
        assertConsistent({ ...current, ...fields });
        if (fields.is_recurring && !current.is_recurring && (await hasBusinessListing(tx, user.userId, id))) {
          throw new ApiError(409, ONE_LISTING);
        }
        const { columns, values } = columnValues(fields);
        if (coverName) {
          columns.push('cover_image');
          values.push(coverName);
        }
        const sets = columns.map((column, i) => `${column} = $${i + 5}`);
        const updated = await tx.query<{ body: string; version: number }>(
          `UPDATE events AS e SET ${[...sets, 'version = version + 1', 'updated_at = $4'].join(', ')}
            WHERE id = $1 AND user_id = $2 RETURNING event_document(e, $3)::text AS body, version`,
          [id, user.userId, base, new Date(clock.now()), ...values],
        );
        await bumpEventsRev(tx, user.userId);
        return { body: updated.rows[0]!.body, version: updated.rows[0]!.version, oldCover: current.cover_image };
      });
      if ('conflict' in result) {
        if (coverName) await images.delete(coverName);
        return c.body(result.conflict, 412, { ...jsonHeaders, ETag: `"${result.version}"` });
      }
      if (coverName && result.oldCover) await images.delete(result.oldCover);
      return c.body(result.body, 200, { ...jsonHeaders, ETag: `"${result.version}"` });
    } catch (error) {
      if (coverName) await images.delete(coverName);
      if (isUniqueViolation(error)) throw new ApiError(409, ONE_LISTING);
      throw error;
    }
  });

  router.delete('/:id/delete/', async (c) => {
    const user = requireUser(c);
    const id = eventId(c);
    const removed = await db.transaction(async (tx) => {
      const deleted = await tx.query<{ cover_image: string | null }>(
        'DELETE FROM events WHERE id = $1 AND user_id = $2 RETURNING cover_image',
        [id, user.userId],
      );
      if (deleted.rows.length === 0) return null;
      await bumpEventsRev(tx, user.userId);
      return deleted.rows[0]!;
    });
    if (!removed) throw new ApiError(404, 'Event not found.');
    if (removed.cover_image) await images.delete(removed.cover_image);
    return c.body(null, 204);
  });

  return router;
}
