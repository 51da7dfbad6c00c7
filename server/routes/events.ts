/**
 * The caller's events and business listing (product §7, contract §3):
 * list, read, create (multipart), update (PUT multipart, optimistic
 * concurrency with If-Match), delete. Every id is looked up together with the
 * caller's id, so another user's event is simply not found (404).
 *
 * Bounded per account (services/write-policy.ts): writes per minute and day
 * (429), events per account (409), bytes of images (413). The use cases (the
 * list cache, transactions, the image ledger, write counting) are in
 * services/events/; this module reads the request and shapes the answer.
 */
import { Hono } from 'hono';
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  EventConflictSchema,
  type EventFields,
  EventFieldsSchema,
  EventListSchema,
  EventSchema,
} from '../../src/shared/contract/event.ts';
import type { ApiEnv, Services } from '../context.ts';
import { eventJson } from '../db/queries/events.ts';
import { ApiError } from '../http/problem.ts';
import { callerOf } from '../http/auth.ts';
import { route, type ValidForm } from '../http/route.ts';
import { mediaBase } from '../http/urls.ts';
import { eventLists } from '../services/events/event-lists.ts';
import { eventWrites, type EventInput } from '../services/events/event-writes.ts';
import { acceptImage } from '../services/image-store.ts';
import { encodeCursor, eventId, ifMatchVersion, listPageParams, shortHash } from './event-rules.ts';

const jsonHeaders = { 'Content-Type': 'application/json' };

/** The revision inside a list ETag the client sent back (`<head><rev><tail>`), if it is one of ours. */
function revisionIn(ifNoneMatch: string | undefined, head: string, tail: string): string | null {
  if (!ifNoneMatch?.startsWith(head) || !ifNoneMatch.endsWith(tail)) return null;
  const rev = ifNoneMatch.slice(head.length, ifNoneMatch.length - tail.length);
  return /^\d{1,19}$/.test(rev) ? rev : null;
}

export function eventRoutes(services: Services): Hono<ApiEnv> {
  const { db, config } = services;
  const router = new Hono<ApiEnv>();
  const base = mediaBase(config);
  const lists = eventLists(db, base);
  const writes = eventWrites(services, base);

  /** The checked form, its cover decoded once the write has been counted (an account over its limit costs no image work). */
  async function eventInput({ fields, files }: ValidForm<EventFields>): Promise<EventInput> {
    const file = files.cover_image;
    return { fields, cover: file ? await acceptImage(file) : null };
  }

  router.get(
    apiRoutes.eventList,
    route({
      tag: 'events',
      summary:
        "The caller's events, the business listing included (at most 500 per account); with `limit`, one page in id order.",
      auth: 'bearer',
      team: 'editor',
      paged: true,
      etag: 'if-none-match',
      responses: { 200: { description: 'The events (or one page of them).', schema: EventListSchema } },
      errors: [400, 403],
    }),
    async (c) => {
      const user = callerOf(c);
      const page = listPageParams(c);
      const pageTag = page ? `-p${page.limit}.${page.afterId}` : '';
      const tagTail = `${pageTag}-${shortHash(base)}"`;
      const tag = (rev: string) => `W/"ev-${user.userId}-${rev}${tagTail}`;
      const headers: Record<string, string> = { 'Cache-Control': 'private, no-cache' };
      const clientRev = revisionIn(c.req.header('if-none-match'), `W/"ev-${user.userId}-`, tagTail);
      const { rev, list } = await lists.read(user.userId, page, clientRev);
      if (!list) return c.body(null, 304, { ...headers, ETag: tag(rev) });
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
      team: 'editor',
      etag: 'plain',
      responses: { 200: { description: 'The event.', schema: EventSchema } },
      errors: [403, 404],
    }),
    async (c) => {
      const user = callerOf(c);
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
      team: 'editor',
      body: 'upload',
      idempotent: true,
      etag: 'plain',
      form: { fields: EventFieldsSchema, files: ['cover_image'] },
      responses: { 201: { description: 'The new event, with its id.', schema: EventSchema } },
      errors: [403, 409, 429],
    }),
    async (c) => {
      const user = callerOf(c);
      const created = await writes.create(user, () => eventInput(c.req.valid('form')));
      return c.body(created.body, 201, { ...jsonHeaders, ETag: `"${created.version}"` });
    },
  );

  router.put(
    apiRoutes.updateEvent,
    route({
      tag: 'events',
      summary: 'Change an event; with If-Match: <version> a stale write is refused with 412.',
      auth: 'bearer',
      team: 'editor',
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
      const user = callerOf(c);
      const form = c.req.valid('form');
      const result = await writes.update(user, eventId(c), ifMatchVersion(c), () => eventInput(form));
      const status = 'conflict' in result ? 412 : 200;
      const body = 'conflict' in result ? result.conflict : result.body;
      return c.body(body, status, { ...jsonHeaders, ETag: `"${result.version}"` });
    },
  );

  router.delete(
    apiRoutes.deleteEvent,
    route({
      tag: 'events',
      summary: 'Delete an event; a second delete is 404.',
      auth: 'bearer',
      team: 'editor',
      idempotent: true,
      responses: { 204: { description: 'Deleted.' } },
      errors: [403, 404, 429],
    }),
    async (c) => {
      const user = callerOf(c);
      await writes.remove(user, eventId(c));
      return c.body(null, 204);
    },
  );

  return router;
}
