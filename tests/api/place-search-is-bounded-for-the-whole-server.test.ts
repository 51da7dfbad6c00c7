/**
 * Twenty anonymous clients, each from its own address and each under its own
 * limit, kept the one process busy with gazetteer queries and pushed
 * `/api/health` to p99 138 ms. Now anonymous searches take turns, one at a
 * time, whatever the number of addresses: with the line full, another search
 * is refused at once (429, Retry-After, a sentence) without a query, while
 * /api/health and a signed-in search are answered; and a search answered
 * recently costs no query at all.
 * (scripts/bench/place-search-flood.ts measures /api/health under the flood.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { defaultSearchGateLimits } from '../../server/services/places/search-gate.ts';
import { call, signUp, type Account, type Sent } from './support/api-client.ts';
import { freshDb, startTestApp, type TestApp } from './support/test-app.ts';

/** Folded prefixes starting with this are held in the database until the test lets them go. */
const HELD = 'qq';

let t: TestApp;
let owned: Awaited<ReturnType<typeof freshDb>>;
let account: Account;
const placeQueries: unknown[][] = [];
const held: (() => void)[] = [];
let holding = true;

beforeAll(async () => {
  owned = await freshDb();
  const holdingDb: Db = {
    ...owned.db,
    query: async (sql, params = []) => {
      if (/\bFROM places\b/.test(sql)) {
        placeQueries.push(params);
        if (holding && String(params[0]).startsWith(HELD)) await new Promise<void>((go) => held.push(go));
      }
      return owned.db.query(sql, params);
    },
  };
  t = await startTestApp({ db: holdingDb, config: { trustProxy: true, trustProxyHops: 1 } });
  account = await signUp(t.app, 'business');
});
afterAll(async () => {
  await t.close();
  await owned.drop();
});

const autocomplete = (input: string, headers: Record<string, string>, token?: string) =>
  call(t.app, 'GET', `/api/media_feed/places-autocomplete/?input=${encodeURIComponent(input)}&platform=web`, {
    headers,
    ...(token ? { token } : {}),
  });

async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('place search bounded for the whole server', () => {
  it('with the line full, refuses another address at once while health and signed-in searches answer', async () => {
    const { waiting } = defaultSearchGateLimits;
    const beyond = 5;
    const answers: Sent[] = [];
    // Every search from an address of its own, each far under its per-address limit.
    const searches = Array.from({ length: 1 + waiting + beyond }, (_, i) =>
      autocomplete(`${HELD}${i.toString(36)}x`, { 'X-Forwarded-For': `198.51.100.${i + 1}` }).then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );

    await until(() => answers.length === beyond, `${beyond} searches to be turned away`);
    for (const refused of answers) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect(refused.body.detail).toBe('Many people are searching places right now. Please try again in a moment.');
    }
    // Only the search whose turn it is reaches the database; the rest wait without a query. (Its turn
    // may come after a rest the gate still owes an earlier file's searches in this process.)
    await until(() => held.length > 0, 'the first search to reach the database');
    expect(held).toHaveLength(1);

    const health = await call(t.app, 'GET', '/api/health');
    expect(health.status).toBe(200);
    // The dashboard's searches are counted per account and do not queue behind anonymous ones.
    const signedIn = await autocomplete('lond', { 'X-Forwarded-For': '203.0.113.5' }, account.access);
    expect(signedIn.status).toBe(200);
    const otherAddress = await autocomplete(`${HELD}zz`, { 'X-Forwarded-For': '203.0.113.6' });
    expect(otherAddress.status).toBe(429);

    // Let the held queries go: every search that had a place in line is answered.
    holding = false;
    for (const go of held.splice(0)) go();
    const all = await Promise.all(searches);
    expect(all.filter((answer) => answer.status === 200)).toHaveLength(1 + waiting);
    expect(all.filter((answer) => answer.status === 429)).toHaveLength(beyond);
  });

  it('answers a search it answered recently from memory: the same prefix, however typed, is one query', async () => {
    placeQueries.length = 0;
    const headers = { 'X-Forwarded-For': '192.0.2.44' };
    for (const input of ['Paris, tex', 'paris, TEX ', 'PÁRIS,tex', 'paris , tex']) {
      const answer = await autocomplete(input, headers);
      expect(answer.status, input).toBe(200);
    }
    expect(placeQueries).toHaveLength(1);
    // Another prefix is another search.
    expect((await autocomplete('pari', headers)).status).toBe(200);
    expect(placeQueries).toHaveLength(2);
  });
});
