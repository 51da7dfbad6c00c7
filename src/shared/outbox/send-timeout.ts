/**
 * How long one send may take before the runner gives up on it and retries
 * later with the same Idempotency-Key (so a write the server did apply is
 * answered from its memory, not applied twice). Without a bound, a request on
 * a dead path — lie-fi: connected, nothing comes back — waits for the
 * browser's own timeout (300 s in Firefox, longer in Chromium) and holds its
 * record's queue and the flush lock all that time.
 *
 * 20 s covers several round trips on a poor phone connection. An image adds
 * one second per 8 KB (64 kbit/s), so a cover on a slow link is not cut off
 * mid-upload on every try.
 */
import type { OutboxEntry } from './entry.ts';

export const BASE_SEND_TIMEOUT_MS = 20_000;
const BYTES_PER_MS = 8;

export function sendTimeoutFor(entry: OutboxEntry): number {
  let bytes = 0;
  for (const value of Object.values(entry.intent)) if (value instanceof Blob) bytes += value.size;
  return BASE_SEND_TIMEOUT_MS + Math.ceil(bytes / BYTES_PER_MS);
}
