import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT, PAGE_BOOT_SCRIPT_HASH } from '../../server/http/page-boot-script.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('API frame', () => {
  it('reports health and readiness without naming the database engine', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    const ready = await t.app.request('/api/ready');
    expect(ready.status).toBe(200);
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: 'ready' });
    expect(text).not.toMatch(/pglite|postgres/i);
  });

  it('answers unknown API paths with a JSON detail and 404', async () => {
    const res = await t.app.request('/api/definitely/not/here/');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toMatch(/No API endpoint/);
  });

  it('sends a strict CSP that allows only the page boot script inline, and the other security headers', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", PAGE_BOOT_SCRIPT_HASH]);
    expect(PAGE_BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
