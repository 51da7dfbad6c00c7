/**
 * Followers (contract §11): the VAPID key a push subscription is made with,
 * following by push or email with no account, the mailed confirmation link,
 * and the unsubscribe link. Both mailed links only show a page on GET (mail
 * scanners open links): the confirmation happens on its page's button, a
 * POST. The unsubscribe link answers a one-click POST (RFC 8058:
 * mail providers send it as a form, with no Origin, so it is not an
 * `anonymous` JSON route), and a GET only shows a button that sends it, so a
 * link scanner opening the URL ends nothing.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  FollowCreatedSchema,
  FollowPendingSchema,
  FollowRequestSchema,
  FollowTokenQuerySchema,
  PushKeySchema,
} from '../../src/shared/contract/follows.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { followers } from '../services/followers/follows.ts';
import type { VapidKeys } from '../services/followers/vapid-keys.ts';

const HTML = 'text/html; charset=utf-8';

function followId(c: ApiContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(404, 'This follow has already ended.');
  return Number(raw);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain page for a person who opened a mailed link. */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
    `<h1>${escape(title)}</h1>${body}</body></html>`
  );
}

const prefersHtml = (c: ApiContext) => /text\/html/.test(c.req.header('accept') ?? '');

export function followRoutes(services: Services, keys: () => Promise<VapidKeys>): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const follows = followers(services);

  router.get(
    apiRoutes.pushKey,
    route({
      tag: 'followers',
      summary: 'The VAPID public key (base64url) to make a push subscription with.',
      auth: 'none',
      responses: { 200: { description: 'The key.', schema: PushKeySchema } },
    }),
    async (c) => {
      const { publicKey } = await keys();
      return c.json({ public_key: publicKey }, 200, { 'Cache-Control': 'public, max-age=3600' });
    },
  );

  router.post(
    apiRoutes.follows,
    route({
      tag: 'followers',
      summary: 'Follow a promoter, a venue or an event by push (201) or by email (202, after a confirmation mail).',
      auth: 'none',
      anonymous: true,
      // The answer holds the unsubscribe token, which is never stored in the clear.
      idempotent: false,
      json: FollowRequestSchema,
      limits: [{ bucket: 'follow:ip', per: 'ip', limit: 'followPerIp' }],
      responses: {
        201: { description: 'Following by push.', schema: FollowCreatedSchema },
        202: { description: 'A confirmation mail is on its way.', schema: FollowPendingSchema },
      },
      errors: [404, 409, 429],
    }),
    async (c) => {
      const answer = await follows.follow(c.req.valid('json'));
      if (answer.channel === 'push') return c.json({ id: answer.id, unsubscribe_url: answer.unsubscribe_url }, 201);
      return c.json({ detail: 'Check your inbox: open the link we sent to start getting updates.' }, 202);
    },
  );

  const notConfirmable = (c: ApiContext) => {
    const detail = 'This link has been used already, or is not complete.';
    if (prefersHtml(c)) return c.html(page('Link used or not valid', `<p>${escape(detail)}</p>`), 404);
    throw new ApiError(404, detail);
  };

  router.get(
    apiRoutes.confirmFollow,
    route({
      tag: 'followers',
      summary:
        'The mailed confirmation link of an email follow: a page with the button that confirms (a GET confirms nothing).',
      auth: 'none',
      query: FollowTokenQuerySchema,
      responses: { 200: { description: 'The page.', contentType: HTML } },
      errors: [404],
    }),
    async (c) => {
      // Mail scanners open links: opening one only shows the button, which POSTs.
      const token = c.req.valid('query').token;
      if (!(await follows.canConfirm(followId(c), token))) return notConfirmable(c);
      const action = `?token=${encodeURIComponent(token)}`;
      return c.html(
        page(
          'Confirm your follow',
          `<p>Press the button to start getting updates by email. Every mail has a link to stop them.</p>` +
            `<form method="post" action="${escape(action)}">` +
            `<button type="submit" style="min-height:44px;font-size:1rem;padding:0 1.25rem">Confirm</button></form>`,
        ),
        200,
        { 'Cache-Control': 'no-store' },
      );
    },
  );

  router.post(
    apiRoutes.confirmFollow,
    route({
      tag: 'followers',
      summary:
        'Confirms an email follow (the button of the mailed link): the updates start (a page for a browser, else JSON).',
      auth: 'none',
      idempotent: true,
      query: FollowTokenQuerySchema,
      limits: [{ bucket: 'follow-confirm:ip', per: 'ip', limit: 'followConfirmsPerIp' }],
      responses: { 200: { description: 'Confirmed.', schema: FollowPendingSchema } },
      errors: [404, 429],
    }),
    async (c) => {
      const confirmed = await follows.confirm(followId(c), c.req.valid('query').token);
      if (!confirmed) return notConfirmable(c);
      const detail = 'You are following. Every mail has a link to stop the updates.';
      if (prefersHtml(c)) return c.html(page('You are following', `<p>${escape(detail)}</p>`));
      return c.json({ detail }, 200);
    },
  );

  router.get(
    apiRoutes.unsubscribeFollow,
    route({
      tag: 'followers',
      summary: 'A page with the button that ends a follow (a GET ends nothing).',
      auth: 'none',
      query: FollowTokenQuerySchema,
      responses: { 200: { description: 'The page.', contentType: HTML } },
    }),
    (c) => {
      const action = `?token=${encodeURIComponent(c.req.valid('query').token)}`;
      return c.html(
        page(
          'Unfollow',
          `<form method="post" action="${escape(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">Unfollow</button></form>`,
        ),
        200,
        { 'Cache-Control': 'no-store' },
      );
    },
  );

  router.post(
    apiRoutes.unsubscribeFollow,
    route({
      tag: 'followers',
      summary: 'Ends a follow (the unsubscribe_url; one-click from mail, RFC 8058).',
      auth: 'none',
      idempotent: true,
      query: FollowTokenQuerySchema,
      responses: { 200: { description: 'Ended.', schema: FollowPendingSchema } },
      errors: [404],
    }),
    async (c) => {
      await follows.unsubscribe(followId(c), c.req.valid('query').token);
      if (prefersHtml(c)) return c.html(page('Unfollowed', '<p>Nothing more will be sent.</p>'));
      return c.json({ detail: 'Unfollowed. Nothing more will be sent.' }, 200);
    },
  );
  return router;
}
