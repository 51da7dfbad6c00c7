/**
 * One account could fill a process's memory with list
 * bodies by sending many Host values, and could own any number of events.
 * Now media URLs come from PUBLIC_URL whatever Host or X-Forwarded-Host says,
 * the list cache is bounded by bytes, an account has at most 500 events (409
 * past that), and `GET /api/events/user/` pages with a cursor while the bare
 * path still returns the whole array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteBudgetCache } from '../../../server/services/byte-budget-cache.ts';
import { defaultWritePolicy } from '../../../server/services/write-policy.ts';
import { call, form, pngFile, signUp, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://roamly.example';

let t: TestApp;
let account: Account;
let userId: number;
beforeAll(async () => {
  // TRUST_PROXY on: even forwarded headers from "the proxy" must not shape URLs.
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL, trustProxy: true, trustProxyHops: 1 } });
  account = await signUp(t.app, 'business');
  const row = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [account.email]);
  userId = Number(row.rows[0]!.id);
});
afterAll(() => t.close());

/** Adds events straight into the table (the API's write limit would make this slow). */
async function seedEvents(count: number, owner = userId): Promise<void> {
  await t.db.query(`INSERT INTO events (user_id, title) SELECT $1, 'Seeded ' || g FROM generate_series(1, $2) g`, [
    owner,
    count,
  ]);
  await t.db.query('UPDATE users SET events_rev = events_rev + 1 WHERE id = $1', [owner]);
}

const forged: Record<string, string>[] = [
  { Host: 'evil.example' },
  { Host: 'roamly.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
  { 'X-Forwarded-Host': 'a'.repeat(200) + '.example', 'X-Forwarded-Proto': 'https' },
];

describe('URLs come from PUBLIC_URL, never from Host', () => {
  it('keeps every image URL and the list ETag the same whatever Host and X-Forwarded-Host say', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      headers: forged[0]!,
      form: form({ title: 'With cover', cover_image: pngFile() }),
    });
    expect(created.status).toBe(201);
    expect(created.body.cover_image).toMatch(new RegExp(`^${PUBLIC_URL}/api/media/[\\w-]{22}\\.png$`));
    const profile = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      headers: forged[1]!,
      form: form({ profile_image: pngFile('me.png') }),
    });
    expect(profile.body.profile_image).toMatch(new RegExp(`^${PUBLIC_URL}/api/media/`));

    const plain = await call(t.app, 'GET', '/api/events/user/', { token: account.access });
    for (const headers of forged) {
      const list = await call(t.app, 'GET', '/api/events/user/', { token: account.access, headers });
      expect(list.body).toEqual(plain.body);
      expect(list.headers.get('etag')).toBe(plain.headers.get('etag'));
      const one = await call(t.app, 'GET', `/api/events/${created.body.id}/`, { token: account.access, headers });
      expect(one.body.cover_image).toBe(created.body.cover_image);
      const me = await call(t.app, 'GET', '/api/auth/profile/', { token: account.access, headers });
      expect(me.body.profile_image).toBe(profile.body.profile_image);
    }
    // A request whose own URL (what a Node server builds from Host) names another origin.
    const viaOtherHost = await call(t.app, 'GET', 'http://evil.example/api/events/user/', { token: account.access });
    expect(viaOtherHost.body).toEqual(plain.body);
    await call(t.app, 'DELETE', `/api/events/${created.body.id}/delete/`, { token: account.access });
  });
});

describe('the list cache is bounded by bytes', () => {
  it('evicts the oldest bodies once the byte budget is spent, and never keeps an oversized one', () => {
    const cache = byteBudgetCache<number, string>(1_000, (body) => body.length);
    for (let user = 0; user < 50; user++) cache.set(user, 'x'.repeat(200));
    expect(cache.calculatedSize).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(5);
    expect(cache.get(0)).toBeUndefined();
    expect(cache.get(49)).toBe('x'.repeat(200));
    cache.set(99, 'y'.repeat(300)); // over a quarter of the budget: not kept
    expect(cache.get(99)).toBeUndefined();
    expect(cache.calculatedSize).toBeLessThanOrEqual(1_000);
  });
});

describe('an account has at most 500 events', () => {
  it('creates the 500th event and refuses the 501st with 409 and a sentence that says what to do', async () => {
    expect(defaultWritePolicy.eventsPerAccount).toBe(500);
    const promoter = await signUp(t.app, 'subpromoter');
    const row = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [promoter.email]);
    await seedEvents(499, Number(row.rows[0]!.id));
    const create = (title: string) =>
      call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form({ title }) });
    expect((await create('Number 500')).status).toBe(201);
    const refused = await create('Number 501');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'An account can have at most 500 events. Delete events that are over to add new ones.',
    );
    const list = await call(t.app, 'GET', '/api/events/user/', { token: promoter.access });
    expect(list.body).toHaveLength(500);
  });
});

describe('concurrent creates', () => {
  it('cannot slip past the cap together', async () => {
    const capped = await startTestApp({ writePolicy: { eventsPerAccount: 3 } });
    try {
      const promoter = await signUp(capped.app, 'subpromoter');
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(capped.app, 'POST', '/api/events/create/', {
            token: promoter.access,
            form: form({ title: `Race ${i}` }),
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status === 409)).toHaveLength(7);
      expect((await call(capped.app, 'GET', '/api/events/user/', { token: promoter.access })).body).toHaveLength(3);
    } finally {
      await capped.close();
    }
  });
});

describe('GET /api/events/user/ pages with a cursor', () => {
  it('returns the whole array without parameters, and cursor pages that add up to it', async () => {
    await seedEvents(120);
    const whole = await call(t.app, 'GET', '/api/events/user/', { token: account.access });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body.length).toBeGreaterThanOrEqual(120);
    expect(whole.headers.get('link')).toBeNull();

    const seen: unknown[] = [];
    let path: string | null = '/api/events/user/?limit=50';
    let pages = 0;
    while (path) {
      const page = await call(t.app, 'GET', path, { token: account.access, headers: forged[1]! });
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(50);
      seen.push(...(page.body as unknown[]));
      pages++;
      const link = page.headers.get('link');
      const next = page.headers.get('x-next-cursor');
      if (link) {
        expect(link).toBe(`<${PUBLIC_URL}/api/events/user/?limit=50&cursor=${next}>; rel="next"`);
        const url = new URL(/^<([^>]+)>/.exec(link)![1]!);
        path = url.pathname + url.search;
      } else {
        expect(next).toBeNull();
        path = null;
      }
    }
    expect(pages).toBe(Math.ceil(whole.body.length / 50));
    expect(seen).toEqual(whole.body);
  });

  it('answers an unchanged page with 304 and a changed one with 200', async () => {
    const first = await call(t.app, 'GET', '/api/events/user/?limit=5', { token: account.access });
    const etag = first.headers.get('etag')!;
    const again = await call(t.app, 'GET', '/api/events/user/?limit=5', {
      token: account.access,
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const otherPage = await call(t.app, 'GET', '/api/events/user/?limit=6', {
      token: account.access,
      headers: { 'If-None-Match': etag },
    });
    expect(otherPage.status).toBe(200);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=ten', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
    ['?cursor=' + Buffer.from('e1 OR 1=1').toString('base64url'), 'cursor'],
  ])('refuses %s with 400 and a detail', async (query, field) => {
    const res = await call(t.app, 'GET', `/api/events/user/${query}`, { token: account.access });
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(res.body.errors[field]).toBeDefined();
  });
});
