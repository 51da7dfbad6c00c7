/**
 * A route that declares `limits` (server/http/route.ts) answers 429 with Retry-After
 * once a request is past one of them — walked over every such route the app
 * registers, with every limit of the policy set to one request. A new limited route
 * needs a valid sample body below, or this test names it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { declarationOf } from '../../server/http/route.ts';
import { defaultRateLimits, type RateLimitPolicy } from '../../server/services/rate-limit.ts';
import { call, signUp } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const oneEach = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([name, limit]) => [name, { ...limit, max: 1 }]),
) as unknown as RateLimitPolicy;

/** A body each limited route accepts as input (what it then does with it does not matter here). */
const samples: Record<string, unknown> = {
  '/api/auth/register/': {
    email: 'walked@example.com',
    password: 'correct-horse-1',
    display_name: 'walked',
    user_type: 'business',
  },
  '/api/auth/verify-email/': { email: 'walked@example.com', code: '1234' },
  '/api/auth/resend_verification/': { email: 'walked@example.com' },
  '/api/auth/email/change/': { new_email: 'moved@example.com', current_password: 'correct-horse-1' },
  '/api/auth/email/confirm/': { code: '1234' },
  '/api/events/:id/insights/hit/': { kind: 'view' },
  '/api/follows/': { target: 'event:1', channel: 'email', email: 'walked@example.com' },
  '/api/follows/:id/confirm/': {},
  '/api/team/invites/': { email: 'invited@example.com', role: 'editor' },
};

/** Where a route takes its input in the query: the address to send to instead of the template. */
const addresses: Record<string, string> = {
  // A well-formed token that confirms nothing: refused after the limit is counted.
  '/api/follows/:id/confirm/': `/api/follows/1/confirm/?token=${'a'.repeat(43)}`,
};

let open: TestApp;
let t: TestApp;
let token: string;
beforeAll(async () => {
  // The account is made before the limits tighten: a second app on the same database.
  open = await startTestApp();
  token = (await signUp(open.app, 'business')).access;
  t = await startTestApp({ limits: oneEach, db: open.db });
});
afterAll(async () => {
  await t?.close();
  await open?.close();
});

it('answers 429 with Retry-After past each declared limit', async () => {
  const limited = t.app.routes.filter(
    (route) => route.path.startsWith('/api/') && declarationOf(route.handler)?.limits?.length,
  );
  expect(limited.length).toBeGreaterThanOrEqual(5);
  const wrong: string[] = [];
  for (const { method, path } of limited) {
    if (!(path in samples)) {
      wrong.push(`${method} ${path}: no sample body in this test`);
      continue;
    }
    const send = () => call(t.app, method, addresses[path] ?? path, { json: samples[path], token });
    await send();
    const past = await send();
    const retryAfter = Number(past.headers.get('retry-after'));
    if (past.status !== 429 || !(retryAfter > 0) || typeof past.body?.detail !== 'string')
      wrong.push(`${method} ${path}: ${past.status} ${JSON.stringify(past.body)}`);
  }
  expect(wrong).toEqual([]);
});
