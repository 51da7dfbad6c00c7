/**
 * Counts the requests being answered (server/services/api-activity.ts), so the
 * followers' fan-out sends its next push only when none is waiting for the
 * CPU. In front of every other middleware: a request counts from the moment
 * Hono has it until its answer is made.
 */
import type { MiddlewareHandler } from 'hono';
import { apiActivity, type ApiActivity } from '../services/api-activity.ts';

export function requestsInFlight(activity: ApiActivity = apiActivity): MiddlewareHandler {
  return async (_c, next) => {
    activity.started();
    try {
      await next();
    } finally {
      activity.ended();
    }
  };
}
