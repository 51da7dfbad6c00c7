/**
 * SQL of teams (migration 035): an owner's members and invitations, and the
 * one lookup every request carrying X-Account makes (membershipOf).
 */
import type { Queryable } from '../client.ts';

export type TeamRoleName = 'manager' | 'editor';

export interface MemberRow {
  user_id: number;
  email: string;
  display_name: string;
  role: TeamRoleName;
}

export interface InviteRow {
  id: number;
  email: string;
  role: TeamRoleName;
  expires_at: string;
  created_at: string;
}

export interface AccountRow {
  owner_id: number;
  email: string;
  display_name: string;
  role: TeamRoleName;
  /** The owner's account type: a manager of a business gets its business tab. */
  user_type: 'business' | 'subpromoter' | 'user';
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The member's role on the owner's team and the owner's account type, or null when not a member. */
export async function membershipOf(
  db: Queryable,
  ownerId: number,
  userId: number,
): Promise<{ role: TeamRoleName; owner_type: string } | null> {
  const found = await db.query<{ role: TeamRoleName; owner_type: string }>(
    `SELECT m.role, u.user_type AS owner_type
       FROM team_members m JOIN users u ON u.id = m.owner_id
      WHERE m.owner_id = $1 AND m.user_id = $2`,
    [ownerId, userId],
  );
  return found.rows[0] ?? null;
}

export async function listMembers(db: Queryable, ownerId: number): Promise<MemberRow[]> {
  const found = await db.query<MemberRow>(
    `SELECT u.id::int AS user_id, u.email, u.display_name, m.role
       FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.owner_id = $1 ORDER BY m.created_at, u.id`,
    [ownerId],
  );
  return found.rows;
}

/** Invitations not yet accepted and not expired at `now`. */
export async function listPendingInvites(db: Queryable, ownerId: number, now: Date): Promise<InviteRow[]> {
  const found = await db.query<InviteRow>(
    `SELECT id::int AS id, email, role, ${iso('expires_at')} AS expires_at, ${iso('created_at')} AS created_at
       FROM team_invites
      WHERE owner_id = $1 AND accepted_at IS NULL AND expires_at > $2 ORDER BY id`,
    [ownerId, now],
  );
  return found.rows;
}

export async function listAccountsOf(db: Queryable, userId: number): Promise<AccountRow[]> {
  const found = await db.query<AccountRow>(
    `SELECT u.id::int AS owner_id, u.email, u.display_name, m.role, u.user_type
       FROM team_members m JOIN users u ON u.id = m.owner_id
      WHERE m.user_id = $1 ORDER BY u.display_name, u.id`,
    [userId],
  );
  return found.rows;
}

/**
 * Locks the owner's row, so two invitations sent at once cannot both take the
 * last place, and counts members plus pending invitations.
 */
export async function lockAndCountTeam(tx: Queryable, ownerId: number, now: Date): Promise<number> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
  const counted = await tx.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM team_members WHERE owner_id = $1)
           + (SELECT count(*) FROM team_invites WHERE owner_id = $1 AND accepted_at IS NULL AND expires_at > $2))::int AS n`,
    [ownerId, now],
  );
  return counted.rows[0]!.n;
}

/** True when this address already belongs to a member of the owner's team. */
export async function isMemberEmail(db: Queryable, ownerId: number, email: string): Promise<boolean> {
  const found = await db.query(
    `SELECT 1 FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.owner_id = $1 AND lower(u.email) = lower($2)`,
    [ownerId, email],
  );
  return found.rows.length > 0;
}

/** A new invitation replaces a pending one to the same address (its old link stops working). */
export async function insertInvite(
  tx: Queryable,
  invite: { ownerId: number; email: string; role: TeamRoleName; tokenHash: string; now: Date; expiresAt: Date },
): Promise<InviteRow> {
  await tx.query(`DELETE FROM team_invites WHERE owner_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL`, [
    invite.ownerId,
    invite.email,
  ]);
  const inserted = await tx.query<InviteRow>(
    `INSERT INTO team_invites (owner_id, email, role, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id::int AS id, email, role, ${iso('expires_at')} AS expires_at, ${iso('created_at')} AS created_at`,
    [invite.ownerId, invite.email, invite.role, invite.tokenHash, invite.now, invite.expiresAt],
  );
  return inserted.rows[0]!;
}

/** Deletes a pending invitation of the owner; false when there was none. */
export async function deleteInvite(db: Queryable, ownerId: number, inviteId: number): Promise<boolean> {
  const deleted = await db.query(
    `DELETE FROM team_invites WHERE id = $1 AND owner_id = $2 AND accepted_at IS NULL RETURNING 1`,
    [inviteId, ownerId],
  );
  return deleted.rows.length > 0;
}

export interface InviteByToken {
  id: number;
  owner_id: number;
  email: string;
  role: TeamRoleName;
  expired: boolean;
  accepted: boolean;
}

/** The invitation of a token hash, locked for the accepting transaction. */
export async function lockInviteByTokenHash(
  tx: Queryable,
  tokenHash: string,
  now: Date,
): Promise<InviteByToken | null> {
  const found = await tx.query<InviteByToken>(
    `SELECT id::int AS id, owner_id::int AS owner_id, email, role,
            expires_at <= $2 AS expired, accepted_at IS NOT NULL AS accepted
       FROM team_invites WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash, now],
  );
  return found.rows[0] ?? null;
}

export async function markInviteAccepted(tx: Queryable, inviteId: number, now: Date): Promise<void> {
  await tx.query('UPDATE team_invites SET accepted_at = $2 WHERE id = $1', [inviteId, now]);
}

/** Adds the member, or sets the role of one already there (an invitation accepted again changes the role). */
export async function upsertMember(tx: Queryable, ownerId: number, userId: number, role: TeamRoleName): Promise<void> {
  await tx.query(
    `INSERT INTO team_members (owner_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (owner_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [ownerId, userId, role],
  );
}

export async function setMemberRole(
  db: Queryable,
  ownerId: number,
  userId: number,
  role: TeamRoleName,
): Promise<boolean> {
  const updated = await db.query('UPDATE team_members SET role = $3 WHERE owner_id = $1 AND user_id = $2 RETURNING 1', [
    ownerId,
    userId,
    role,
  ]);
  return updated.rows.length > 0;
}

export async function deleteMember(db: Queryable, ownerId: number, userId: number): Promise<boolean> {
  const deleted = await db.query('DELETE FROM team_members WHERE owner_id = $1 AND user_id = $2 RETURNING 1', [
    ownerId,
    userId,
  ]);
  return deleted.rows.length > 0;
}

/** The signed-in account's email, if it is verified. */
export async function verifiedEmailOf(db: Queryable, userId: number): Promise<string | null> {
  const found = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND verified_at IS NOT NULL', [
    userId,
  ]);
  return found.rows[0]?.email ?? null;
}

/** The owner's name and address, for the invitation mail and the accepted answer. */
export async function accountSummary(
  db: Queryable,
  userId: number,
): Promise<{ email: string; display_name: string } | null> {
  const found = await db.query<{ email: string; display_name: string }>(
    'SELECT email, display_name FROM users WHERE id = $1',
    [userId],
  );
  return found.rows[0] ?? null;
}
