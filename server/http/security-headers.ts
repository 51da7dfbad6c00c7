/**
 * Security headers on every response, by hono's secureHeaders. The CSP
 * allows one inline script, by its hash: the boot script of prerendered
 * pages (./page-boot-script.ts); everything else runs from bundled modules.
 * Inline styles stay allowed because React style props render as attributes.
 *
 * These are defaults (`overwrite: false`): a header the route already set
 * wins (the media route's `default-src 'none'; sandbox` CSP is stricter than
 * the page policy and must reach the browser as it is).
 *
 * The embeddable pages (`/embed/…`, contract §11) are the one exception to
 * "framing refused": any site may frame them, so they go out without
 * X-Frame-Options and with `frame-ancestors *`, under a CSP tighter than the
 * page's everywhere else (no script at all, nothing to connect to). Every
 * other path keeps the page headers exactly.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { EMBED_PATH_PREFIX } from '../../src/shared/contract/embed-url.ts';
import { PAGE_BOOT_SCRIPT_HASH } from './page-boot-script.ts';

const HSTS = 'max-age=63072000; includeSubDomains';

export function securityHeaders(options: { trustProxy: boolean; publicUrl?: string }): MiddlewareHandler {
  const imgSrc = ["'self'", ...(options.publicUrl ? [options.publicUrl] : []), 'data:', 'blob:'];
  const pageHeaders = secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", PAGE_BOOT_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Images may also come from PUBLIC_URL: media URLs are built from it, so a page reached
      // under another name of the same server (localhost for 127.0.0.1) still shows them.
      imgSrc,
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'] },
    // Not `same-origin`: pages under another name of this server load its images (img-src above).
    crossOriginResourcePolicy: false,
    // Sent per request below: only a trusted proxy can say the request came over HTTPS.
    strictTransportSecurity: false,
  });
  const embedHeaders = secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc,
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ['*'],
    },
    xFrameOptions: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    crossOriginResourcePolicy: false,
    strictTransportSecurity: false,
  });
  return async (c, next) => {
    await (c.req.path.startsWith(EMBED_PATH_PREFIX) ? embedHeaders : pageHeaders)(c, next);
    if (
      options.trustProxy &&
      c.req.header('x-forwarded-proto') === 'https' &&
      !c.res.headers.has('Strict-Transport-Security')
    ) {
      c.res.headers.set('Strict-Transport-Security', HSTS);
    }
  };
}
