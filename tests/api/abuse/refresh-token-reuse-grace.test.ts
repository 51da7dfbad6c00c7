/**
 * A refresh answer lost on a bad network must not sign
 * the user out. Presenting the immediately previous refresh token again within
 * 30 seconds returns a working pair (RFC 9700 §4.14.2) — the same refresh
 * token the lost answer carried; reuse after the grace still revokes the
 * whole family.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../../../server/services/refresh-tokens.ts';
import { call, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refresh = (token: string) => call(t.app, 'POST', '/api/auth/refresh/', { json: { refresh: token } });
const profile = (token: string) => call(t.app, 'GET', '/api/auth/profile/', { token });

describe('refresh token reuse', () => {
  it('within the grace window gives a working pair and keeps the session', async () => {
    const account = await signUp(t.app);
    const lost = await refresh(account.refresh);
    expect(lost.status).toBe(200);

    t.clock.advance(5_000);
    const retry = await refresh(account.refresh);
    expect(retry.status).toBe(200);
    // The same successor: one chain, not a second one for whoever replays the token.
    expect(retry.body.refresh).toBe(lost.body.refresh);
    expect((await profile(retry.body.access)).status).toBe(200);
    // A second retry (the retry's answer got lost too) still works inside the window.
    const retryAgain = await refresh(account.refresh);
    expect(retryAgain.status).toBe(200);

    const onward = await refresh(retryAgain.body.refresh);
    expect(onward.status).toBe(200);
    expect((await profile(onward.body.access)).status).toBe(200);
  });

  it('after the grace window revokes the whole family', async () => {
    const account = await signUp(t.app);
    const next = await refresh(account.refresh);
    expect(next.status).toBe(200);
    t.clock.advance(REFRESH_GRACE_MS + 1_000);
    expect((await refresh(account.refresh)).status).toBe(401);
    expect((await refresh(next.body.refresh)).status).toBe(401);
    expect((await profile(next.body.access)).status).toBe(401);
  });

  it('does not extend to an older token than the immediately previous one', async () => {
    const account = await signUp(t.app);
    const second = await refresh(account.refresh);
    const third = await refresh(second.body.refresh);
    expect(third.status).toBe(200);
    // The first token's successor has been used: presenting it is theft, grace or not.
    expect((await refresh(account.refresh)).status).toBe(401);
    expect((await refresh(third.body.refresh)).status).toBe(401);
  });
});
