/**
 * What a failed send means for its entry (DESIGN §5 "Failures"). Pure: the
 * runner turns the answer into a reducer action or a completion.
 */
import { ApiError, SignedOutError } from '../api/errors.ts';
import type { OutboxEntry } from './entry.ts';
import type { FieldErrors } from './intent.ts';

export type FailureMeaning =
  /** The write is done after all (a second DELETE answers 404). */
  | { kind: 'done' }
  /** The session is over: keep everything, pause until the next sign-in. */
  | { kind: 'signed-out' }
  | { kind: 'transient'; retryAfter: number | null; message: string; status: number | null; detail: string | null }
  | { kind: 'rejected'; status: number; detail: string | null; errors?: FieldErrors }
  | { kind: 'conflict'; current: Readonly<Record<string, unknown>> };

const NETWORK_MESSAGE = 'Could not reach the server; will retry.';

export function classifyFailure(entry: OutboxEntry, error: unknown): FailureMeaning {
  if (error instanceof SignedOutError) return { kind: 'signed-out' };
  if (!(error instanceof ApiError)) {
    return { kind: 'transient', retryAfter: null, message: NETWORK_MESSAGE, status: null, detail: null };
  }
  const { status } = error;
  if (status === 404 && entry.intent.kind === 'event.delete') return { kind: 'done' };
  if (status === 412 && entry.intent.kind === 'event.update') {
    const body = typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
    return { kind: 'conflict', current: body };
  }
  // 408 timeout, 425, 429, 5xx: the server may succeed later. A 409 is passing only when it says
  // when to come back (Retry-After: "the same Idempotency-Key is still being processed"); any other
  // 409 is about the data (a second business listing, the event cap) and needs the person.
  const busy = status === 409 && error.retryAfter !== null;
  if (status >= 500 || status === 429 || status === 408 || status === 425 || busy) {
    return {
      kind: 'transient',
      retryAfter: error.retryAfter,
      message: error.detail ?? `The server is busy (${status}); will retry.`,
      status,
      detail: error.detail,
    };
  }
  // Field errors go to the form that is waiting (not into the stored entry).
  return error.errors
    ? { kind: 'rejected', status, detail: error.detail, errors: error.errors }
    : { kind: 'rejected', status, detail: error.detail };
}
