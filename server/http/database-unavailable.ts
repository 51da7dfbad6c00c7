/**
 * Tells a failure of the database connection (down, restarting, not
 * answering, out of connections) from a bug, so a request that needs the
 * database answers 503 with Retry-After while it is away (contract §3
 * "Failing well") instead of a 500. Retrying is right for these: the pool
 * reconnects on its own once PostgreSQL is back.
 */
import { ApiError } from './problem.ts';

/** Seconds a client should wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE: 08 connection exception; 57P01–57P03 shutdown / crash / starting up;
// 57014 statement timeout; 53300 too many connections.
const SQLSTATE = /^(08\d{3}|57P0[123]|57014|53300)$/;
// node-postgres' own words for a connection it lost or could not get in time.
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Connection timeout',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((words) => message.includes(words))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

export function databaseUnavailableError(): ApiError {
  return new ApiError(
    503,
    'The service is briefly unavailable: a system it depends on (its database) is not answering. Please try again in a few seconds.',
    undefined,
    {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );
}
