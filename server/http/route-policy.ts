/**
 * What a route declares about itself besides its documentation (route.ts): the
 * guards route() runs for it, which its OpenAPI operation (openapi/operation.ts)
 * also shows. Its own module so that those two need not import each other.
 */
import type { RateLimitPolicy } from '../services/rate-limit.ts';

/**
 * One count a request makes before its handler runs, kept in the database for every instance
 * (services/rate-limit.ts): `{ bucket: 'register:ip', per: 'ip', limit: 'registerPerIp' }` counts
 * into `register:ip:203.0.113.9`. Over any of a route's limits it answers 429 with Retry-After.
 */
export interface DeclaredLimit {
  /** The bucket's name; the key it is kept per follows it. */
  bucket: string;
  /** Per the client's address, the signed-in account, or a field of the checked JSON body. */
  per: 'ip' | 'user' | `json.${string}`;
  /** Which limit of the policy. */
  limit: keyof RateLimitPolicy;
}

/**
 * Which team members may call a bearer route for an owner with X-Account (http/team-access.ts):
 * `editor` lets editors and managers, `manager` managers only, `owner-only` (the default) nobody.
 */
export type TeamRule = 'owner-only' | 'manager' | 'editor';

export interface RoutePolicy {
  /** Callable without a token: the body must be JSON and a browser request must come from this site. */
  anonymous?: boolean;
  /** The body it reads: JSON (the default), or `upload` — multipart with files, or JSON. */
  body?: 'json' | 'upload';
  /**
   * A write says it: true honours Idempotency-Key; false when its answer holds credentials, which
   * are never stored (tests/api/openapi.test.ts fails for a write that does not say).
   */
  idempotent?: boolean;
  /** Can end sessions: `always`, or `when-refused` (a refused refresh revokes its token family). */
  endsSessions?: 'always' | 'when-refused';
  /** CHAOS never fails it. */
  chaosExempt?: boolean;
  /** Counted before the handler, once the input has been checked; any one over its limit → 429. */
  limits?: readonly DeclaredLimit[];
  /** Who on the owner's team may use it (bearer routes); unset is `owner-only`, so nothing opens by accident. */
  team?: TeamRule;
}
