/**
 * Public names: a display name is also the account's page address
 * (`/p/{name}`), so each one belongs to one account (the key folds case and
 * look-alike letters). An account gets its name when its email is verified or
 * when it renames, if nobody holds it; a rename to a held name is refused. An
 * account that registered with a held name keeps it as its display name and has
 * no public page until it picks a free one (the Profile screen says so).
 */
import type { Db, Queryable } from '../db/client.ts';
import {
  accountsWithoutPublicName,
  claimPublicName,
  lockDisplayName,
  recentlyGivenUpNames,
  rememberGivenUpName,
} from '../db/queries/public-names.ts';
import { InvalidInput } from './domain-errors.ts';

export const NAME_TAKEN = 'This display name is taken. Please choose another.';

/** Gives the account its display name as public name when nobody holds it (at verification); whether it did. */
export async function takeFreePublicName(db: Queryable, userId: number, nowMs: number): Promise<boolean> {
  const displayName = await lockDisplayName(db, userId);
  if (!displayName) return false;
  return claimPublicName(db, userId, displayName, new Date(nowMs));
}

/**
 * A profile save that changes the display name takes the new public name or is
 * refused (400, nothing saved); the old name keeps redirecting to the new one.
 * Saving the name unchanged claims nothing, so an account without a public name
 * can still edit the rest of its profile.
 */
export async function renamePublicly(
  tx: Queryable,
  userId: number,
  displayName: string | undefined,
  nowMs: number,
): Promise<void> {
  if (displayName === undefined) return;
  const current = await lockDisplayName(tx, userId);
  if (current === null || current === displayName) return;
  if (!(await claimPublicName(tx, userId, displayName, new Date(nowMs)))) {
    throw new InvalidInput(NAME_TAKEN, { display_name: [NAME_TAKEN] });
  }
}

/**
 * At start-up: accounts without a public name get theirs, first come first
 * served by when they took it, then names given up lately keep redirecting.
 * Idempotent and safe on several instances (each claim is one locked upsert).
 */
export async function claimLegacyPublicNames(db: Db, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  let claimed = 0;
  for (const account of await accountsWithoutPublicName(db, 100_000)) {
    if (await db.transaction((tx) => claimPublicName(tx, account.id, account.display_name, now))) claimed += 1;
  }
  for (const given of await recentlyGivenUpNames(db, now)) {
    await rememberGivenUpName(db, given.user_id, given.old_name, new Date(given.changed_at));
  }
  return claimed;
}
