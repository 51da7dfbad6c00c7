/**
 * The venue's side of venue approval (contract §10):
 * - `GET /api/events/venue/requests/` → `{"requests":[…]}`: the published
 *   events that named one of the caller's business listings, pending first,
 *   then answered ones still to come (at most REQUESTS_LIMIT);
 * - `POST /api/events/{id}/venue/approve/` and `…/venue/decline/` → the
 *   request with its new `venue_status`. Only the owner of the venue the
 *   event named may answer; anyone else gets 404, as for an unknown event.
 *   Answering again with the same answer changes nothing; the other answer
 *   changes it (a venue may change its mind). Writes count against the
 *   account's write limits and carry an Idempotency-Key like every write.
 */
import { Hono } from 'hono';
import { brand } from '../../src/brand.ts';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  VenueRequestSchema,
  VenueRequestsResponseSchema,
  type VenueAnswer,
} from '../../src/shared/contract/venue-approval.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { atomically } from '../db/request-transaction.ts';
import { venueRequestsJson } from '../db/queries/venue-requests.ts';
import { ApiError } from '../http/problem.ts';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/route.ts';
import { mediaBase } from '../http/urls.ts';
import { answerVenueRequest } from '../services/venue-approval.ts';
import { countWrite } from '../services/write-policy.ts';
import { eventId } from './event-rules.ts';

/** Requests one read returns: a venue answers them long before this many wait. */
export const REQUESTS_LIMIT = 200;

const jsonHeaders = { 'Content-Type': 'application/json' };

export function venueApprovalRoutes(services: Services): Hono<ApiEnv> {
  const { db, config, clock, writePolicy } = services;
  const router = new Hono<ApiEnv>();
  const base = mediaBase(config);

  function today(): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(new Date(clock.now()));
  }

  router.get(
    apiRoutes.venueRequests,
    route({
      tag: 'events',
      summary:
        "Requests to list events at the caller's business listing: pending first, then answered ones still to come (at most 200).",
      auth: 'bearer',
      team: 'manager',
      responses: { 200: { description: 'The requests.', schema: VenueRequestsResponseSchema } },
    }),
    async (c) => {
      const user = callerOf(c);
      const body = await venueRequestsJson(db, user.userId, today(), REQUESTS_LIMIT, base);
      return c.body(`{"requests":${body}}`, 200, { ...jsonHeaders, 'Cache-Control': 'private, no-cache' });
    },
  );

  async function answer(c: ApiContext, verdict: VenueAnswer) {
    const user = callerOf(c);
    const id = eventId(c);
    await countWrite(db, writePolicy, user.userId, clock.now());
    const answered = await atomically(db, (tx) =>
      answerVenueRequest(tx, {
        eventId: id,
        ownerId: user.userId,
        answer: verdict,
        now: new Date(clock.now()),
        mediaBase: base,
        publicUrl: config.publicUrl,
      }),
    );
    if (!answered) throw new ApiError(404, 'Event not found.');
    return c.body(answered.body, 200, jsonHeaders);
  }

  const verdicts = [
    {
      verdict: 'approve',
      path: apiRoutes.approveVenue,
      summary: 'Approve an event at the caller\'s venue: it shows "at" the venue and under What\'s on. Others → 404.',
      answered: 'The request, approved.',
    },
    {
      verdict: 'decline',
      path: apiRoutes.declineVenue,
      summary: "Decline an event at the caller's venue: it stays published, without the venue. Others → 404.",
      answered: 'The request, declined.',
    },
  ] as const;
  for (const { verdict, path, summary, answered } of verdicts) {
    router.post(
      path,
      route({
        tag: 'events',
        summary,
        auth: 'bearer',
        team: 'manager',
        idempotent: true,
        responses: { 200: { description: answered, schema: VenueRequestSchema } },
        errors: [404, 429],
      }),
      (c) => answer(c, verdict),
    );
  }

  return router;
}
