/**
 * Hourly clean-up of rows that only matter for a while: idempotency records
 * past 24 h, finished rate-limit windows, expired refresh tokens, sent mail
 * past 7 days and dead mail past 30 (followers' notices alike), expired account codes and reset links, unverified
 * registrations past their 7 days, email follows not confirmed within EMAIL_FOLLOW_CONFIRM_DAYS (7),
 * sign-in addresses unused for 90 days and listing insights past
 * INSIGHTS_RETENTION_DAYS (400). Expired rows are already ignored,
 * so this only keeps tables small.
 */
import type { Db } from '../db/client.ts';
import { deleteAccountCodesExpiredBefore } from '../db/queries/account-codes.ts';
import { deletePasswordResetsExpiredBefore } from '../db/queries/password-resets.ts';
import { deleteFinishedMailBefore } from '../db/queries/mail-queue.ts';
import { deleteFinishedNoticesBefore } from '../db/queries/follow-notices.ts';
import { deleteUnconfirmedEmailFollowsBefore } from '../db/queries/follows.ts';
import { deleteIdempotencyKeysCreatedBefore } from '../db/queries/idempotency-keys.ts';
import { deleteInsightsBefore } from '../db/queries/listing-insights.ts';
import { deleteWindowsStartedBefore } from '../db/queries/rate-limits.ts';
import { deleteTokensExpiredBefore } from '../db/queries/refresh-tokens.ts';
import { EMAIL_FOLLOW_CONFIRM_DAYS } from './followers/follows.ts';
import { INSIGHTS_RETENTION_DAYS, insightsDay } from './insights-counter.ts';
import { forgetOldLoginAddresses } from './known-logins.ts';
import { deleteExpiredRegistrations } from './users.ts';

const HOUR_MS = 60 * 60 * 1000;

export async function cleanUp(db: Db, nowMs: number = Date.now()): Promise<void> {
  const now = new Date(nowMs);
  await deleteIdempotencyKeysCreatedBefore(db, new Date(nowMs - 24 * HOUR_MS));
  await deleteWindowsStartedBefore(db, new Date(nowMs - 24 * HOUR_MS));
  await deleteTokensExpiredBefore(db, now);
  await deleteAccountCodesExpiredBefore(db, now);
  await deletePasswordResetsExpiredBefore(db, now);
  await deleteFinishedMailBefore(db, new Date(nowMs - 7 * 24 * HOUR_MS), new Date(nowMs - 30 * 24 * HOUR_MS));
  await deleteFinishedNoticesBefore(db, new Date(nowMs - 7 * 24 * HOUR_MS), new Date(nowMs - 30 * 24 * HOUR_MS));
  await deleteExpiredRegistrations(db, nowMs);
  await deleteUnconfirmedEmailFollowsBefore(db, new Date(nowMs - EMAIL_FOLLOW_CONFIRM_DAYS * 24 * HOUR_MS));
  await forgetOldLoginAddresses(db, nowMs);
  await deleteInsightsBefore(db, insightsDay(nowMs - INSIGHTS_RETENTION_DAYS * 24 * HOUR_MS));
}

export function startHousekeeping(db: Db): void {
  const timer = setInterval(() => {
    cleanUp(db).catch((error: unknown) => console.error('Housekeeping failed', error));
  }, HOUR_MS);
  timer.unref();
}
