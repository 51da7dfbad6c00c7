/**
 * Security headers on every response. The CSP allows one inline script, by
 * its hash: the boot script of prerendered pages (./page-boot-script.ts);
 * everything else runs from bundled modules. Inline styles stay allowed
 * because React style props render as attributes.
 *
 * These are defaults: a header the route already set wins (the media route's
 * `default-src 'none'; sandbox` CSP is stricter than the page policy and must
 * reach the browser as it is).
 */
import type { MiddlewareHandler } from 'hono';
import { PAGE_BOOT_SCRIPT_HASH } from './page-boot-script.ts';

/**
 * The page policy. Images may also come from PUBLIC_URL: media URLs are built
 * from it, so a page reached under another name of the same server (localhost
 * for 127.0.0.1) still shows them.
 */
function pagePolicy(publicUrl: string | undefined): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${PAGE_BOOT_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self'${publicUrl ? ` ${publicUrl}` : ''} data: blob:`,
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: { trustProxy: boolean; publicUrl?: string }): MiddlewareHandler {
  const csp = pagePolicy(options.publicUrl);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const setDefault = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    setDefault('Content-Security-Policy', csp);
    setDefault('X-Content-Type-Options', 'nosniff');
    setDefault('X-Frame-Options', 'DENY');
    setDefault('Referrer-Policy', 'strict-origin-when-cross-origin');
    setDefault('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    setDefault('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.trustProxy && c.req.header('x-forwarded-proto') === 'https') {
      setDefault('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
  };
}
