/**
 * Finding 7: behind TRUST_PROXY the per-IP limits must count the address the
 * trusted proxy appended (right-most X-Forwarded-For entry, or N hops from the
 * right), not the left-most entry the client wrote itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedClient } from '../../../server/http/client-ip.ts';
import { defaultRateLimits } from '../../../server/services/rate-limit.ts';
import { call } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const limits = { ...defaultRateLimits, reportPerIp: { max: 3, windowSeconds: 600 } };
let oneProxy: TestApp;
let twoProxies: TestApp;
beforeAll(async () => {
  oneProxy = await startTestApp({ limits, config: { trustProxy: true, trustProxyHops: 1 } });
  twoProxies = await startTestApp({ limits, config: { trustProxy: true, trustProxyHops: 2 } });
});
afterAll(async () => {
  await oneProxy.close();
  await twoProxies.close();
});

const report = (t: TestApp, forwardedFor: string, i: number) =>
  call(t.app, 'POST', '/api/auth/report-issue/', {
    json: { message: `Spoofing attempt number ${i}` },
    headers: { 'X-Forwarded-For': forwardedFor },
  });

describe('client address behind a trusted proxy', () => {
  it('a client cannot pick a fresh rate-limit bucket by changing the left of X-Forwarded-For', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await report(oneProxy, `10.9.9.${i}, 203.0.113.50`, i)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('with two proxies the client is the second entry from the right', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await report(twoProxies, `10.1.1.${i}, 198.51.100.20, 10.0.0.2`, i)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another real client behind the same proxies has its own bucket.
    expect((await report(twoProxies, '198.51.100.21, 10.0.0.2', 9)).status).toBe(201);
  });

  it('reads addresses with ports and ignores entries that are not addresses', () => {
    expect(forwardedClient('1.1.1.1, 203.0.113.5:4431', 1)).toBe('203.0.113.5');
    expect(forwardedClient('[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(forwardedClient('evil, not-an-ip', 1)).toBeNull();
    expect(forwardedClient('203.0.113.5', 3)).toBe('203.0.113.5');
    expect(forwardedClient(undefined, 1)).toBeNull();
  });
});
