/**
 * What a route declares about itself besides its documentation (route.ts): the
 * guards route() runs for it, which its OpenAPI operation (openapi/operation.ts)
 * also shows. Its own module so that those two need not import each other.
 */
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
}
