/**
 * Security headers on every response. The CSP allows one inline script, by
 * its hash: the boot script of prerendered pages (./page-boot-script.ts);
 * everything else runs from bundled modules. Inline styles stay allowed
 * because React style props render as attributes.
 */
import type { MiddlewareHandler } from 'hono';
import { PAGE_BOOT_SCRIPT_HASH } from './page-boot-script.ts';

const csp = [
  "default-src 'self'",
  `script-src 'self' ${PAGE_BOOT_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.trustProxy && c.req.header('x-forwarded-proto') === 'https') {
      headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
  };
}
