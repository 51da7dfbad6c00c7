/**
 * What one account may write (SECURITY.md lists these numbers): event and
 * profile writes per minute and per day, events per account, and bytes of
 * stored images per account. Tests and benchmarks may pass their own.
 */
import type { Queryable } from '../db/client.ts';
import { countUserEvents } from '../db/queries/events.ts';
import { lockUser } from '../db/queries/users.ts';
import { Conflict, RateLimited } from './domain-errors.ts';
import { hitAll, type Limit } from './rate-limit.ts';

export interface WritePolicy {
  /** Creates, updates and deletes of events plus profile PATCHes, per account. */
  writesPerMinute: Limit;
  writesPerDay: Limit;
  /** Events (the business listing included) one account may have. */
  eventsPerAccount: number;
  /** Bytes of images (covers and profile photo, after metadata is removed) one account may keep. */
  imageBytesPerAccount: number;
}

// A person editing by hand saves a few times a minute; an offline outbox
// replaying a day of edits sends a few dozen at once. 60 a minute and 1,000 a
// day leave both alone and stop a script writing 40 events a second.
// 500 events is many years of weekly events; 200 MB is 20 full-size covers at
// the 10 MB upload limit, and hundreds of typical downscaled ones.
export const defaultWritePolicy: WritePolicy = {
  writesPerMinute: { max: 60, windowSeconds: 60 },
  writesPerDay: { max: 1_000, windowSeconds: 24 * 60 * 60 },
  eventsPerAccount: 500,
  imageBytesPerAccount: 200 * 1024 * 1024,
};

/** Counts one write for the account; 429 with Retry-After when it is over either limit. */
export async function countWrite(db: Queryable, policy: WritePolicy, userId: number, nowMs: number): Promise<void> {
  const wait = await hitAll(
    db,
    [
      { bucket: `write:minute:${userId}`, limit: policy.writesPerMinute },
      { bucket: `write:day:${userId}`, limit: policy.writesPerDay },
    ],
    nowMs,
  );
  if (wait > 0) {
    throw new RateLimited(
      `You are saving changes faster than we allow. Please wait ${wait} seconds and try again.`,
      wait,
    );
  }
}

export function tooManyEvents(policy: WritePolicy): Conflict {
  return new Conflict(
    `An account can have at most ${policy.eventsPerAccount} events. Delete events that are over to add new ones.`,
  );
}

/**
 * Takes the account's row lock, then counts its events: concurrent creates of
 * one account queue here, so none can slip past the cap. In READ COMMITTED
 * each statement sees what committed before it, so the count after the lock
 * includes every create that held the lock before.
 */
export async function assertRoomForEvent(tx: Queryable, policy: WritePolicy, userId: number): Promise<void> {
  // Both go out together: the server runs the count once the lock is held,
  // with a snapshot taken then, so the round trip between them is not needed.
  const locked = lockUser(tx, userId);
  const counting = countUserEvents(tx, userId);
  counting.catch(() => undefined); // awaited below, once the lock has answered
  await locked;
  if ((await counting) >= policy.eventsPerAccount) throw tooManyEvents(policy);
}
