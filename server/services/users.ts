/**
 * Registrations that are never verified expire after
 * PENDING_REGISTRATION_TTL_MS: an expired one counts as no account at all
 * (login, verify, resend, reset see nothing) and housekeeping deletes it. A
 * new registration of an email still pending replaces the pending one
 * (password, names, code), so whoever proves the inbox decides the password,
 * not whoever registered first.
 */
import type { Queryable } from '../db/client.ts';
import * as registrations from '../db/queries/registrations.ts';
import * as users from '../db/queries/users.ts';

/** How long an unverified registration waits for its code (7 days). */
export const PENDING_REGISTRATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const pendingCutoff = (nowMs: number) => new Date(nowMs - PENDING_REGISTRATION_TTL_MS);

/** The account of `email` (any case), ignoring an unverified registration that has expired. */
export function findUserByEmail(db: Queryable, email: string, nowMs: number): Promise<users.UserRow | null> {
  return users.findUserByEmail(db, email, pendingCutoff(nowMs));
}

/**
 * Stores a registration: a new unverified user, or the replacement of a
 * pending (unverified, even expired) one of the same email. Returns the
 * user id, or null when a verified account already has the email.
 * Run inside a transaction: the pending row is locked while it is replaced.
 */
export async function storeRegistration(
  tx: Queryable,
  reg: registrations.Registration,
  nowMs: number,
): Promise<number | null> {
  const createdAt = new Date(nowMs);
  // Two tries: a concurrent first registration of the same email may insert between our look and our insert.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await registrations.lockUserByEmail(tx, reg.email);
    if (row?.verified) return null;
    if (row) {
      await registrations.replaceRegistration(tx, row.id, reg, createdAt);
      return row.id;
    }
    const id = await registrations.insertRegistration(tx, reg, createdAt);
    if (id !== null) return id;
  }
  return null;
}

/** Deletes unverified registrations older than PENDING_REGISTRATION_TTL_MS; returns how many. */
export function deleteExpiredRegistrations(db: Queryable, nowMs: number): Promise<number> {
  return registrations.deleteRegistrationsCreatedBy(db, pendingCutoff(nowMs));
}
