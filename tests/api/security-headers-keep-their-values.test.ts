/**
 * The security headers (server/http/security-headers.ts, on hono's
 * secureHeaders) byte for byte as SECURITY.md lists them: the page CSP with
 * its one hashed inline script, framing refused, nosniff, the referrer and
 * permissions policies, COOP (and the library's baseline: X-XSS-Protection
 * 0 and friends); HSTS only behind a trusted TLS proxy; and a
 * header the route set itself (the media sandbox CSP) reaches the browser as
 * it is. The embeddable frames (`/embed/…`) alone may be framed by any site.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT_HASH } from '../../server/http/page-boot-script.ts';
import { securityHeaders } from '../../server/http/security-headers.ts';

function appWith(options: { trustProxy: boolean; publicUrl?: string }) {
  const app = new Hono();
  app.use('*', securityHeaders(options));
  app.get('/page', (c) => c.text('page'));
  app.get('/embed/e/1', (c) => c.html('<p>frame</p>'));
  app.get('/embedded', (c) => c.text('not a frame'));
  app.get('/media', (c) => c.body('image', 200, { 'Content-Security-Policy': "default-src 'none'; sandbox" }));
  return app;
}

describe('security headers', () => {
  it('sends every page header with the exact value it had', async () => {
    const res = await appWith({ trustProxy: false, publicUrl: 'https://roamly.example' }).request('/page');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'self'; script-src 'self' ${PAGE_BOOT_SCRIPT_HASH}; style-src 'self' 'unsafe-inline'; ` +
        "img-src 'self' https://roamly.example data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; " +
        "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(self)');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // Media URLs may name another host of this server (PUBLIC_URL): images must load across it.
    expect(res.headers.get('cross-origin-resource-policy')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // The library's baseline, which we keep: legacy features off.
    expect(res.headers.get('x-xss-protection')).toBe('0');
    expect(res.headers.get('x-permitted-cross-domain-policies')).toBe('none');
    expect(res.headers.get('origin-agent-cluster')).toBe('?1');
  });

  it('leaves images to the page origin when PUBLIC_URL is unset', async () => {
    const res = await appWith({ trustProxy: false }).request('/page');
    expect(res.headers.get('content-security-policy')).toContain("; img-src 'self' data: blob:; ");
  });

  it('keeps the media sandbox CSP a route sets, and the other headers around it', async () => {
    const res = await appWith({ trustProxy: false }).request('/media');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets any site frame the embeddable pages alone, under a CSP with no script', async () => {
    const app = appWith({ trustProxy: false, publicUrl: 'https://roamly.example' });
    const frame = await app.request('/embed/e/1');
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https://roamly.example data: blob:; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors *",
    );
    expect(frame.headers.get('x-content-type-options')).toBe('nosniff');
    // A path that only starts alike is a page like any other.
    const page = await app.request('/embedded');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends HSTS only when a trusted proxy says the request came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const behindProxy = appWith({ trustProxy: true });
    expect((await behindProxy.request('/page', { headers: https })).headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    expect((await behindProxy.request('/page')).headers.get('strict-transport-security')).toBeNull();
    const direct = appWith({ trustProxy: false });
    expect((await direct.request('/page', { headers: https })).headers.get('strict-transport-security')).toBeNull();
  });
});
