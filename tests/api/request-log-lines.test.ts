/**
 * What the request log says (deploy.md §7): the signed-in user's id and the
 * client's network (IPv4 /24, IPv6 /48 — never the full address); health
 * probes and static files that went well at debug, everything else at info.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressPrefix } from '../../server/http/address-prefix.ts';
import { staticSite } from '../../server/http/static-site.ts';
import { call, signUp } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const dist = mkdtempSync(join(tmpdir(), 'roamly-log-dist-'));
let t: TestApp;

beforeAll(async () => {
  writeFileSync(join(dist, 'shell.html'), '<!doctype html><title>Roamly</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  t = await startTestApp({ deps: { logger: pino({ level: 'debug' }, sink) } });
  t.app.get('*', staticSite(dist));
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const lineFor = (path: string) => lines.filter((line) => line.path === path).at(-1);
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address, destroy() {} } } });

describe('request log lines', () => {
  it('name the signed-in user and the client network, not the address', async () => {
    const account = await signUp(t.app);
    const profile = await call(t.app, 'GET', '/api/auth/profile/', { token: account.access });
    await t.app.request(
      '/api/auth/profile/',
      { headers: { Authorization: `Bearer ${account.access}` } },
      from('203.0.113.77'),
    );
    const line = lineFor('/api/auth/profile/');
    expect(line).toMatchObject({
      level: 30,
      status: 200,
      user: (profile.body as { id: number }).id,
      client: '203.0.113.0/24',
    });
    expect(JSON.stringify(lines)).not.toContain('203.0.113.77');
  });

  it('at debug for probes and static files that went well; at info for pages and API calls', async () => {
    await t.app.request('/api/health');
    await t.app.request('/api/ready');
    await t.app.request('/app.js');
    await t.app.request('/some/page');
    await t.app.request('/missing.js');
    expect(lineFor('/api/health')?.level).toBe(20);
    expect(lineFor('/api/ready')?.level).toBe(20);
    expect(lineFor('/app.js')?.level).toBe(20);
    expect(lineFor('/some/page')?.level).toBe(30);
    expect(lineFor('/missing.js')).toMatchObject({ level: 30, status: 404 });
  });
});

describe('addressPrefix', () => {
  it('keeps the /24 of IPv4 (also IPv4-mapped) and the /48 of IPv6', () => {
    expect(addressPrefix('198.51.100.23')).toBe('198.51.100.0/24');
    expect(addressPrefix('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
    expect(addressPrefix('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(addressPrefix('::1')).toBe('0:0:0::/48');
    expect(addressPrefix('local')).toBeUndefined();
  });
});
