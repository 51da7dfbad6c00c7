import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, usesPostgres, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('API frame', () => {
  it('reports health with the database engine', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: usesPostgres() ? 'postgres' : 'pglite' });
  });

  it('answers unknown API paths with a JSON detail and 404', async () => {
    const res = await t.app.request('/api/definitely/not/here/');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toMatch(/No API endpoint/);
  });

  it('sends a strict CSP without inline scripts and the other security headers', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
