/**
 * Anyone could call place search in a loop and take the
 * single thread from everyone else. Searches stay open without a token
 * (contract §3) but are counted per client address, and per account when
 * signed in, in the shared rate_limits table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPlacesSearchLimits } from '../../../server/services/places/search-limits.ts';
import { call, signUp, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await startTestApp();
  account = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const search = (token?: string) =>
  call(t.app, 'GET', '/api/media_feed/places-autocomplete/?input=lond&platform=web', token ? { token } : {});

describe('place search rate limits', () => {
  it('answers 429 with Retry-After and a sentence after 60 anonymous searches a minute from one address', async () => {
    const { max } = defaultPlacesSearchLimits.perIp;
    expect(max).toBe(60);
    for (let i = 0; i < max; i++) expect((await search()).status).toBe(200);

    const limited = await search();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/^Too many place searches\. Please wait \d+ seconds and try again\.$/);
    // Details count into the same bucket: the cheaper call is no way around the limit.
    const details = await call(t.app, 'GET', '/api/media_feed/place-details/?place_id=city:2643743&platform=web');
    expect(details.status).toBe(429);
  });

  it('turns a flood away without writing: refused requests no longer touch the shared count', async () => {
    const count = async () =>
      (await t.db.query<{ hits: number }>("SELECT hits FROM rate_limits WHERE bucket = 'places:ip:local'")).rows[0]
        ?.hits;
    const before = await count();
    for (let i = 0; i < 20; i++) expect((await search()).status).toBe(429);
    expect(await count()).toBe(before);
  });

  it('counts a signed-in caller per account, apart from the address', async () => {
    expect((await search(account.access)).status).toBe(200);
    const { max } = defaultPlacesSearchLimits.perAccount;
    for (let i = 1; i < max; i++) expect((await search(account.access)).status).toBe(200);
    expect((await search(account.access)).status).toBe(429);
  });

  it('opens again when the window has passed', async () => {
    t.clock.advance(61_000);
    expect((await search()).status).toBe(200);
    expect((await search(account.access)).status).toBe(200);
  });
});
