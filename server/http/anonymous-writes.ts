/**
 * Guards the writes anyone may call without a token (sign-in, sign-up,
 * codes, issue reports; they declare `anonymous`, route.ts): the body must be declared JSON, and a browser
 * request from another site is refused. A cross-site page can only send
 * "simple" requests without a preflight — text/plain or form bodies — so
 * requiring application/json and checking `Origin` together stop forged
 * sign-ups, code spraying and report spam from someone else's page.
 * Requests without `Origin` (curl, server-to-server, same-origin GETs) pass.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';
import { ApiError } from './problem.ts';

const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export function sameSiteJson(options: { publicUrl: string; trustProxy: boolean }): MiddlewareHandler<ApiEnv> {
  const publicOrigin = new URL(options.publicUrl).origin.toLowerCase();
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      // The host the browser addressed (a cross-site page cannot change it), or the public origin.
      const addressed = [
        new URL(c.req.url).host,
        c.req.header('host'),
        options.trustProxy ? c.req.header('x-forwarded-host') : undefined,
      ]
        .filter((value): value is string => Boolean(value))
        .map((value) => value.split(',')[0]!.trim().toLowerCase());
      const originHost = hostOf(origin);
      const sameSite = origin.toLowerCase() === publicOrigin || (originHost !== null && addressed.includes(originHost));
      if (!sameSite) {
        throw new ApiError(
          403,
          'This request came from another website, so it was refused. Please use the app itself.',
        );
      }
    }

    if (!jsonType.test(c.req.header('content-type') ?? '')) {
      throw new ApiError(415, 'Send the body as JSON (Content-Type: application/json).');
    }
    await next();
  };
}
