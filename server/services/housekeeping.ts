/**
 * Hourly clean-up of rows that only matter for a while: idempotency records
 * past 24 h, finished rate-limit windows, expired refresh tokens and stale
 * dev mail, expired account codes, unverified registrations past their 7 days
 * and sign-in addresses unused for 90 days. Expired rows are already ignored,
 * so this only keeps tables small.
 */
import type { Db } from '../db/client.ts';
import { forgetOldLoginAddresses } from './known-logins.ts';
import { deleteExpiredRegistrations } from './users.ts';

const HOUR_MS = 60 * 60 * 1000;

export async function cleanUp(db: Db, nowMs: number = Date.now()): Promise<void> {
  const now = new Date(nowMs);
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [new Date(nowMs - 24 * HOUR_MS)]);
  await db.query('DELETE FROM rate_limits WHERE window_start < $1', [new Date(nowMs - 24 * HOUR_MS)]);
  await db.query('DELETE FROM refresh_tokens WHERE expires_at < $1', [now]);
  await db.query('DELETE FROM dev_mail WHERE created_at < $1', [new Date(nowMs - 7 * 24 * HOUR_MS)]);
  await db.query('DELETE FROM account_codes WHERE expires_at < $1', [now]);
  await deleteExpiredRegistrations(db, nowMs);
  await forgetOldLoginAddresses(db, nowMs);
}

export function startHousekeeping(db: Db): void {
  const timer = setInterval(() => {
    cleanUp(db).catch((error: unknown) => console.error('Housekeeping failed', error));
  }, HOUR_MS);
  timer.unref();
}
