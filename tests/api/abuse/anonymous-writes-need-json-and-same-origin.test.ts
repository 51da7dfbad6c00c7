/**
 * Finding 11 (Content-Type and Origin): the endpoints anyone may call refuse a
 * body that does not say it is JSON (415) and a browser request sent from
 * another website (403), while same-origin pages, the PUBLIC_URL origin and
 * clients that send no Origin (curl, scripts) keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: 'https://roamly.example.org' } });
});
afterAll(() => t.close());

const message = { message: 'The map does not load on my phone.' };
const endpoints = [
  '/api/auth/login/',
  '/api/auth/refresh/',
  '/api/auth/register/',
  '/api/auth/verify-email/',
  '/api/auth/resend_verification/',
  '/api/auth/report-issue/',
  '/api/auth/password/forgot/',
  '/api/auth/password/reset/',
];

const send = (path: string, headers: Record<string, string>, body = JSON.stringify(message)) =>
  t.app.request(path, { method: 'POST', headers, body });

describe('anonymous write endpoints', () => {
  it.each(endpoints)('%s refuses a body with no Content-Type (415)', async (path) => {
    const res = await send(path, {});
    expect(res.status).toBe(415);
    expect((await res.json()).detail).toMatch(/application\/json/);
  });

  it.each(endpoints)('%s refuses text/plain and form bodies (415)', async (path) => {
    expect((await send(path, { 'Content-Type': 'text/plain' })).status).toBe(415);
    const form = await send(path, { 'Content-Type': 'application/x-www-form-urlencoded' }, 'message=hello+there+you');
    expect(form.status).toBe(415);
  });

  it.each(endpoints)('%s refuses a request from another website (403)', async (path) => {
    const res = await send(path, { 'Content-Type': 'application/json', Origin: 'https://evil.example.net' });
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toMatch(/another website/);
  });

  it('refuses a sandboxed page (Origin: null)', async () => {
    const res = await send('/api/auth/report-issue/', { 'Content-Type': 'application/json', Origin: 'null' });
    expect(res.status).toBe(403);
  });

  it('accepts the PUBLIC_URL origin, the origin the request was addressed to, and no Origin at all', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect((await send('/api/auth/report-issue/', { ...json, Origin: 'https://roamly.example.org' })).status).toBe(201);
    const sameHost = await t.app.request('http://shop.example.com:8443/api/auth/report-issue/', {
      method: 'POST',
      headers: { ...json, Origin: 'http://shop.example.com:8443' },
      body: JSON.stringify(message),
    });
    expect(sameHost.status).toBe(201);
    expect((await send('/api/auth/report-issue/', json)).status).toBe(201);
    expect((await send('/api/auth/report-issue/', { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(
      201,
    );
  });

  it('registration from the app still works end to end', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register/', {
      json: { email: uniqueEmail(), password: 'long-enough-1', display_name: 'origin_ok', user_type: 'business' },
      headers: { Origin: 'https://roamly.example.org' },
    });
    expect(res.status).toBe(201);
  });
});
