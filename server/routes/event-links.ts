/**
 * Tagged links (contract §11): `POST /api/events/{id}/links/` makes one of
 * the event's page addresses with `?src={slug}` under the owner's label;
 * `GET` lists them with their views over the last 30 days. Views through a
 * link count under its label in the event's insights (routes/insights.ts).
 * Another user's event answers 404, as every read of an event does.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  EventLinkListSchema,
  EventLinkSchema,
  LINKS_PER_EVENT,
  NewEventLinkSchema,
  type EventLink,
} from '../../src/shared/contract/event-links.ts';
import { INSIGHTS_DEFAULT_DAYS } from '../../src/shared/contract/insights.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { addEventLink, eventLinks, ownEventTitle } from '../db/queries/event-links.ts';
import { callerOf } from '../http/auth.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { insightsDay } from '../services/insights-counter.ts';
import { eventId } from './event-rules.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const DAY_MS = 86_400_000;

/** 8 random base32 characters (40 bits): short enough for a poster, and not guessable from another. */
function newSlug(): string {
  return [...randomBytes(8)].map((byte) => BASE32[byte & 31]).join('');
}

export function eventLinkRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock, config } = services;
  const router = new Hono<ApiEnv>();

  const linkUrl = (id: number, title: string, slug: string) =>
    `${config.publicUrl}${listingPath(id, title)}?src=${slug}`;

  router.get(
    apiRoutes.eventLinks,
    route({
      tag: 'events',
      summary: "One of the caller's events' tagged links, oldest first, with their views over the last 30 days.",
      auth: 'bearer',
      team: 'editor',
      responses: { 200: { description: 'The links.', schema: EventLinkListSchema } },
      errors: [404],
    }),
    async (c) => {
      const id = eventId(c);
      const title = await ownEventTitle(db, id, callerOf(c).userId);
      if (title === null) throw new ApiError(404, 'Event not found.');
      const since = insightsDay(clock.now() - (INSIGHTS_DEFAULT_DAYS - 1) * DAY_MS);
      const links: EventLink[] = (await eventLinks(db, id, since)).map((link) => ({
        id: link.id,
        label: link.label,
        url: linkUrl(id, title, link.slug),
        views: link.views,
      }));
      return c.json(links, 200, { 'Cache-Control': 'private, no-cache' });
    },
  );

  router.post(
    apiRoutes.eventLinks,
    route({
      tag: 'events',
      summary: `Make a tagged link to one of the caller's events (at most ${LINKS_PER_EVENT}, labels unique per event).`,
      auth: 'bearer',
      team: 'editor',
      idempotent: true,
      json: NewEventLinkSchema,
      responses: { 201: { description: 'The new link.', schema: EventLinkSchema } },
      errors: [404, 409],
    }),
    async (c) => {
      const id = eventId(c);
      const title = await ownEventTitle(db, id, callerOf(c).userId);
      if (title === null) throw new ApiError(404, 'Event not found.');
      const { label } = c.req.valid('json');
      // A slug already taken on this event (1 in 2⁴⁰ a try) is drawn again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const slug = newSlug();
        const added = await addEventLink(db, { eventId: id, label, slug }, LINKS_PER_EVENT);
        if (added === 'duplicate-slug') continue;
        if (added === 'duplicate-label') throw new ApiError(409, `This event already has a link called "${label}".`);
        if (added === 'full') throw new ApiError(409, `An event can have at most ${LINKS_PER_EVENT} links.`);
        const link: EventLink = { id: added.id, label, url: linkUrl(id, title, slug), views: 0 };
        return c.json(link, 201);
      }
      throw new Error('No free link code after 3 tries.');
    },
  );

  return router;
}
