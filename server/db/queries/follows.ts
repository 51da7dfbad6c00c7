/** SQL for follows: who follows what, by push or by email (services/followers/). */
import type { Queryable } from '../client.ts';

export type FollowKind = 'promoter' | 'venue' | 'event';

/** A follow's target as stored: an account for 'promoter', a listing or event otherwise. */
export interface StoredTarget {
  kind: FollowKind;
  id: number;
}

const targetColumn = (kind: FollowKind) => (kind === 'promoter' ? 'user_id' : 'event_id');

/** The verified account a public name key belongs to now, or null. */
export async function accountIdByNameKey(db: Queryable, nameKey: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id::int AS id FROM public_names p JOIN users u ON u.id = p.user_id
      WHERE p.name_key = $1 AND p.released_at IS NULL AND u.verified_at IS NOT NULL`,
    [nameKey],
  );
  return rows[0]?.id ?? null;
}

/** The title of `id` when a venue follow may name it (a published business listing), else null. */
export async function publicVenueTitle(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>(
    "SELECT title FROM events WHERE id = $1 AND is_listing AND status = 'published'",
    [id],
  );
  return rows[0]?.title ?? null;
}

/** The title of `id` when it is an event others can see (not a draft, not a business listing), else null. */
export async function publicEventTitle(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>(
    "SELECT title FROM events WHERE id = $1 AND NOT is_listing AND status <> 'draft'",
    [id],
  );
  return rows[0]?.title ?? null;
}

export async function countFollowers(db: Queryable, target: StoredTarget): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM follows WHERE target_kind = $1 AND ${targetColumn(target.kind)} = $2`,
    [target.kind, target.id],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Follows by push, or renews the follow this subscription already has of the
 * target (new keys and a new unsubscribe token, the old token stops working).
 */
export async function upsertPushFollow(
  db: Queryable,
  target: StoredTarget,
  push: { endpoint: string; p256dh: string; auth: string },
  tokenHash: string,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO follows (target_kind, ${targetColumn(target.kind)}, channel, endpoint, p256dh, auth, token_hash,
                          confirmed_at, created_at)
     VALUES ($1, $2, 'push', $3, $4, $5, $6, $7, $7)
     ON CONFLICT (target_kind, coalesce(user_id, event_id), endpoint) WHERE channel = 'push'
     DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, token_hash = EXCLUDED.token_hash
     RETURNING id::int AS id`,
    [target.kind, target.id, push.endpoint, push.p256dh, push.auth, tokenHash, now],
  );
  return rows[0]!.id;
}

/**
 * Starts an email follow awaiting confirmation, or gives one that is still
 * unconfirmed a new confirmation token (and a new start: the new link has its
 * full time to be opened). Returns null when the address already follows the
 * target (confirmed): nothing to mail.
 */
export async function upsertEmailFollow(
  db: Queryable,
  target: StoredTarget,
  email: string,
  tokens: { tokenHash: string; mailToken: string; confirmHash: string },
  now: Date,
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO follows (target_kind, ${targetColumn(target.kind)}, channel, email, token_hash, mail_token,
                          confirm_hash, created_at)
     VALUES ($1, $2, 'email', $3, $4, $5, $6, $7)
     ON CONFLICT (target_kind, coalesce(user_id, event_id), lower(email)) WHERE channel = 'email'
     DO UPDATE SET confirm_hash = EXCLUDED.confirm_hash, created_at = EXCLUDED.created_at
      WHERE follows.confirmed_at IS NULL
     RETURNING id::int AS id`,
    [target.kind, target.id, email, tokens.tokenHash, tokens.mailToken, tokens.confirmHash, now],
  );
  return rows[0]?.id ?? null;
}

/**
 * True when `id` is an email follow waiting for the confirmation token hashing
 * to `confirmHash`, asked for at `since` or later.
 */
export async function emailFollowAwaitsConfirmation(
  db: Queryable,
  id: number,
  confirmHash: string,
  since: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM follows WHERE id = $1 AND channel = 'email' AND confirm_hash = $2 AND created_at >= $3",
    [id, confirmHash, since],
  );
  return rows.length > 0;
}

/**
 * Confirms an email follow whose confirmation token hashes to `confirmHash`,
 * asked for at `since` or later; false when none does.
 */
export async function confirmEmailFollow(
  db: Queryable,
  id: number,
  confirmHash: string,
  now: Date,
  since: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE follows SET confirmed_at = $3, confirm_hash = NULL
      WHERE id = $1 AND channel = 'email' AND confirm_hash = $2 AND created_at >= $4 RETURNING id`,
    [id, confirmHash, now, since],
  );
  return rows.length > 0;
}

/** Deletes the email follows asked for before `before` and never confirmed (housekeeping). */
export async function deleteUnconfirmedEmailFollowsBefore(db: Queryable, before: Date): Promise<number> {
  const { rows } = await db.query(
    "DELETE FROM follows WHERE channel = 'email' AND confirmed_at IS NULL AND created_at < $1 RETURNING id",
    [before],
  );
  return rows.length;
}

/** Ends the follow whose unsubscribe token hashes to `tokenHash`; false when there is none. */
export async function deleteFollow(db: Queryable, id: number, tokenHash: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM follows WHERE id = $1 AND token_hash = $2 RETURNING id', [
    id,
    tokenHash,
  ]);
  return rows.length > 0;
}

/** Ends every follow of a push subscription (its push service said it is gone). */
export async function deleteFollowsOfEndpoint(db: Queryable, endpoint: string): Promise<number> {
  const { rows } = await db.query("DELETE FROM follows WHERE channel = 'push' AND endpoint = $1 RETURNING id", [
    endpoint,
  ]);
  return rows.length;
}

/** Confirmed follows that hear of listing `eventId` of account `userId`: its own and the account's (Insights). */
export async function followersOfListing(db: Queryable, eventId: number, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM follows
      WHERE confirmed_at IS NOT NULL AND (event_id = $1 OR (target_kind = 'promoter' AND user_id = $2))`,
    [eventId, userId],
  );
  return rows[0]?.n ?? 0;
}
