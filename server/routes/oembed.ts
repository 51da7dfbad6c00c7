/**
 * oEmbed 1.0 (contract §11): `GET /api/oembed/?url=&format=json` answers for
 * this site's event, promoter and venue pages — only addresses on PUBLIC_URL's
 * origin, anything else is a 404 — with a `rich` embed whose html is an
 * iframe of the page's frame (routes/embed-pages.ts), sized within
 * `maxwidth`/`maxheight`. XML, which oEmbed allows, is not offered: 501.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { brand } from '../../src/brand.ts';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { isValidDisplayName, MAX_DISPLAY_NAME_LENGTH } from '../../src/shared/contract/auth.ts';
import {
  EMBED_DEFAULT_WIDTH,
  EMBED_EVENT_HEIGHT,
  EMBED_LIST_HEIGHT,
  embedEventPath,
  embedIframeCode,
  embedPromoterPath,
} from '../../src/shared/contract/embed-url.ts';
import { EventSchema } from '../../src/shared/contract/event.ts';
import { LISTING_PATH_PATTERN } from '../../src/shared/contract/listing-url.ts';
import { OEmbedQuerySchema, OEmbedSchema, type OEmbed } from '../../src/shared/contract/oembed.ts';
import { isPromoterPagePath, PROMOTER_PAGE_PATTERN } from '../../src/shared/contract/promoter-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { publicListing } from '../db/queries/listings.ts';
import { accountByDisplayName } from '../db/queries/promoter-pages.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { MEDIA_PATH } from '../http/urls.ts';

/** What a public page embeds as: its frame (a path), its title and its natural height. */
interface EmbedTarget {
  frame: string;
  title: string;
  height: number;
}

const NOT_EMBEDDABLE = 'That address is not an event, promoter or venue page of this site.';

export function oembedRoutes(services: Services): Hono<ApiEnv> {
  const { db, config } = services;
  const origin = config.publicUrl;
  const router = new Hono<ApiEnv>();

  /** The page `url` names on this site, or null for anything else (another site, a feed, a missing page). */
  async function targetOf(url: string): Promise<EmbedTarget | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(origin).origin) return null;
    const path = parsed.pathname;
    const listing = LISTING_PATH_PATTERN.exec(path);
    if (listing) {
      const row = await publicListing(db, Number(listing[1]), origin + MEDIA_PATH);
      if (!row) return null;
      const record = v.parse(EventSchema, JSON.parse(row.body));
      return { frame: embedEventPath(record.id), title: record.title, height: EMBED_EVENT_HEIGHT };
    }
    const page = PROMOTER_PAGE_PATTERN.exec(path);
    if (!page || !isPromoterPagePath(path)) return null;
    let name: string;
    try {
      name = decodeURIComponent(page[1]!);
    } catch {
      return null;
    }
    if (name.length > MAX_DISPLAY_NAME_LENGTH || !isValidDisplayName(name)) return null;
    const account = await accountByDisplayName(db, name, origin + MEDIA_PATH);
    if (!account) return null;
    return { frame: embedPromoterPath(account.display_name), title: account.display_name, height: EMBED_LIST_HEIGHT };
  }

  router.get(
    apiRoutes.oembed,
    route({
      tag: 'pages',
      summary:
        'oEmbed 1.0 for an event, promoter or venue page of this site: a rich embed whose html is an iframe of its frameable page.',
      auth: 'none',
      query: OEmbedQuerySchema,
      responses: { 200: { description: 'The embed.', schema: OEmbedSchema } },
      errors: [400, 404, 501],
    }),
    async (c) => {
      const query = c.req.valid('query');
      if (query.format !== 'json') throw new ApiError(501, 'Only format=json is offered.');
      const target = await targetOf(query.url);
      if (!target) throw new ApiError(404, NOT_EMBEDDABLE);
      const width = Math.min(EMBED_DEFAULT_WIDTH, Number(query.maxwidth ?? EMBED_DEFAULT_WIDTH));
      const height = Math.min(target.height, Number(query.maxheight ?? target.height));
      const body: OEmbed = {
        version: '1.0',
        type: 'rich',
        html: embedIframeCode(origin + target.frame, target.title, width, height),
        width,
        height,
        title: target.title,
        provider_name: brand.name,
        provider_url: `${origin}/`,
      };
      // Public facts about public pages: other sites' scripts may read them too.
      return c.json(body, 200, {
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      });
    },
  );

  return router;
}
