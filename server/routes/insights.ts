/**
 * Listing insights (contract §10, product §7).
 *
 * `GET /api/events/{id}/insights/?days=30`: the owner's daily counts, every
 * day present (zeros included, oldest first) and their totals; anyone else
 * gets 404, as for every other read of an event. Figures are as of the last
 * flush (services/insights-counter.ts, at most 10 s behind).
 *
 * `POST /api/events/{id}/insights/hit/`: the public page's beacon, sent after
 * the page has loaded (src/listing-page.ts). It answers 204, counted or not,
 * so it tells a caller nothing (past its rate limit, 429). Not counted: a
 * robot or a prefetch (http/counted-visit.ts), the listing's owner or a
 * member of the owner's team (the page sends the token the dashboard stored
 * on this device; an expired one still proves who it is — it only ever
 * removes a count), a cross-site request, and anything past what one address
 * or network may add. The page sends one view per page load, and views count
 * per page load up to 20 per address, listing and day
 * (services/insights-visitors.ts); visitors are told apart by address and
 * User-Agent. The database sees
 * one rate-limit statement per beacon (plus the owner's lookup when a token
 * comes with it, and a tagged link's when `src` is a link's code) and no row
 * that grows with the number of beacons. A counted view also counts for its
 * sources (`src`, and the host of another site that linked to the page).
 */
import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  InsightHitSchema,
  InsightsQuerySchema,
  InsightsSchema,
  type InsightCounts,
  type InsightHit,
  type Insights,
} from '../../src/shared/contract/insights.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { mayCount } from '../http/counted-visit.ts';
import { callerOf } from '../http/auth.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { INSIGHT_COLUMNS, listingOwner, ownInsightDays, sourceViews } from '../db/queries/listing-insights.ts';
import { isEventLink } from '../db/queries/event-links.ts';
import { followersOfListing } from '../db/queries/follows.ts';
import { membershipOf } from '../db/queries/team.ts';
import { referrerHost } from '../http/referrer-host.ts';
import { hostSource, insightsDay, linkSource, type InsightsCounter } from '../services/insights-counter.ts';
import { eventId } from './event-rules.ts';

const DAY_MS = 86_400_000;

/** `days` dates ending with `today` (YYYY-MM-DD), oldest first. */
function dateRange(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const zeros = (): InsightCounts => ({ views: 0, qr_scans: 0, shares: 0, calendar_adds: 0, ticket_clicks: 0 });

export function insightsRoutes(services: Services, counter: InsightsCounter): Hono<ApiEnv> {
  const { db, clock, config } = services;
  const ownHost = new URL(config.publicUrl).hostname;
  const router = new Hono<ApiEnv>();

  /**
   * The sources a view counts for: its `src` (a tagged link only when it is
   * one of this listing's) and the site that linked to the page — the page
   * sends document.referrer's host; a Referer from another site is taken too.
   */
  async function viewSources(c: ApiContext, id: number, hit: InsightHit): Promise<string[]> {
    const sources: string[] = [];
    if (hit.src === 'qr' || hit.src === 'share') sources.push(hit.src);
    else if (hit.src && (await isEventLink(db, id, hit.src))) sources.push(linkSource(hit.src));
    const host = referrerHost(hit.ref, ownHost) ?? referrerHost(c.req.header('referer'), ownHost);
    if (host) sources.push(hostSource(host));
    return sources;
  }

  router.get(
    apiRoutes.insights,
    route({
      tag: 'events',
      summary: "Daily counts of one of the caller's listings (every day, oldest first) and their totals; others 404.",
      auth: 'bearer',
      team: 'manager',
      query: InsightsQuerySchema,
      responses: {
        200: {
          description:
            'Views, QR scans, shares, calendar adds, ticket clicks and visitors per day, and views per source.',
          schema: InsightsSchema,
        },
      },
      errors: [404],
    }),
    async (c) => {
      const user = callerOf(c);
      const id = eventId(c);
      const { days } = c.req.valid('query');
      const range = dateRange(insightsDay(clock.now()), days);
      const rows = await ownInsightDays(db, id, user.userId, range[0]!);
      if (!rows) throw new ApiError(404, 'Event not found.');
      const byDate = new Map(rows.map((row) => [row.date, row]));
      const totals = { ...zeros(), visitors: 0 };
      const answer: Insights = {
        days: range.map((date) => {
          const row = byDate.get(date);
          const counts = zeros();
          for (const name of INSIGHT_COLUMNS) {
            counts[name] = row?.[name] ?? 0;
            totals[name] += counts[name];
          }
          const visitors = row?.visitors ?? 0;
          totals.visitors += visitors;
          return { date, ...counts, visitors };
        }),
        totals,
        sources: await sourceViews(db, id, range[0]!),
        followers: await followersOfListing(db, id, user.userId),
      };
      return c.json(answer, 200, { 'Cache-Control': 'private, no-cache' });
    },
  );

  /** The user the beacon's token names, expired or not, when we signed it; else null. */
  async function tokenHolder(c: ApiContext): Promise<number | null> {
    const signedIn = c.get('user');
    if (signedIn) return signedIn.userId;
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return null;
    try {
      const issuedAt = decodeJwt(token).iat;
      if (typeof issuedAt !== 'number') return null;
      // Checked as of the moment it was issued: the signature is what proves who it is.
      return (await services.tokens.verify(token, issuedAt * 1000))?.userId ?? null;
    } catch {
      return null;
    }
  }

  /** Whether the beacon's token is the listing's owner's or a member of the owner's team's. */
  async function ownersOwn(c: ApiContext, id: number): Promise<boolean> {
    const holder = await tokenHolder(c);
    if (holder === null) return false;
    const owner = await listingOwner(db, id);
    if (owner === null) return false;
    return holder === owner || (await membershipOf(db, owner, holder)) !== null;
  }

  // Not `anonymous`: the handler refuses a cross-site beacon itself, with its own sentence, and a
  // same-site one may come without Origin. Not idempotent: a stored answer would be a row per
  // anonymous request, kept 24 h, and a repeat costs nothing — the counter counts an address once
  // per listing and kind a day anyway — so an Idempotency-Key is ignored. Its rate limit is a
  // single row per address, however many beacons that address sends.
  router.post(
    apiRoutes.insightHit,
    route({
      tag: 'events',
      summary:
        "The public page's beacon: a view (src qr, share or a tagged link's code; ref the referring site) or a ticket click. 204 counted or not; robots, prefetches, the owner and the owner's team are not counted; views count per page load, at most 20 per address, listing and day.",
      auth: 'optional',
      idempotent: false,
      json: InsightHitSchema,
      limits: [{ bucket: 'insight-hit:ip', per: 'ip', limit: 'insightHitsPerIp' }],
      responses: { 204: { description: 'Received (counted or not).' } },
      errors: [403],
    }),
    async (c) => {
      const id = eventId(c);
      // A page on another site may not count for its visitors (it cannot send JSON without our consent either).
      if (c.req.header('sec-fetch-site') === 'cross-site') {
        throw new ApiError(403, 'This request came from another website, so it was refused.');
      }
      const hit = c.req.valid('json');
      if (!mayCount(c)) return c.body(null, 204);
      if (await ownersOwn(c, id)) return c.body(null, 204);
      const address = c.get('ip');
      const agent = c.req.header('user-agent') ?? '';
      if (hit.kind === 'ticket_click') counter.count(id, 'ticket_clicks', address, [], agent);
      else {
        counter.count(id, 'views', address, await viewSources(c, id, hit), agent);
        if (hit.src === 'qr') counter.count(id, 'qr_scans', address, [], agent);
        if (hit.src === 'share') counter.count(id, 'shares', address, [], agent);
      }
      return c.body(null, 204);
    },
  );

  return router;
}
