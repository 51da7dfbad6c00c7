/**
 * The dev mailbox trusted the absence of three
 * forwarding headers, and a default nginx adds none; nor did it look at Host
 * (DNS rebinding: a page on evil.example resolved to 127.0.0.1 reads codes
 * through the developer's browser). Any proxy header, or a Host that is not a
 * loopback name, is refused; loopback requests still read every inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const report = await call(t.app, 'POST', '/api/auth/report-issue/', { json: { message: 'Secret report body' } });
  expect(report.status).toBe(201);
});
afterAll(() => t.close());

const loopbackPeer = { incoming: { socket: { remoteAddress: '127.0.0.1', destroy() {} } } };
const read = (
  headers: Record<string, string>,
  url = 'http://127.0.0.1:8000/api/dev/mailbox?email=support@example.com',
) => t.app.request(url, { headers }, loopbackPeer);

describe('dev mailbox', () => {
  it('refuses a request any proxy touched, whatever header it added', async () => {
    for (const [name, value] of [
      ['Via', '1.1 nginx'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Forwarded-Host', 'roamly.example.org'],
      ['X-Forwarded-Proto', 'https'],
      ['X-Real-IP', '203.0.113.9'],
      ['True-Client-IP', '203.0.113.9'],
      ['CF-Connecting-IP', '203.0.113.9'],
    ] as const) {
      const res = await read({ Host: '127.0.0.1:8000', [name]: value });
      expect(res.status, name).toBe(403);
      expect(await res.text()).not.toContain('Secret report body');
    }
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:8000', '127.0.0.1.nip.io', 'roamly.example.org']) {
      const res = await read({ Host: host }, `http://${host}/api/dev/mailbox?email=support@example.com`);
      expect(res.status, host).toBe(403);
    }
  });

  it('answers loopback requests to a loopback Host', async () => {
    for (const host of ['127.0.0.1:8000', 'localhost:5173', 'localhost', '[::1]:8000', 'app.localhost']) {
      const res = await read({ Host: host }, `http://${host}/api/dev/mailbox?email=support@example.com`);
      expect(res.status, host).toBe(200);
      expect(await res.text()).toContain('Secret report body');
    }
  });
});
