/**
 * Teams (contract §12): an owner invites by email, the invitee accepts with
 * the mailed token while signed in with that address, and the owner lists,
 * re-roles and removes members. Who may act for whom on each request is
 * http/team-access.ts; this module only changes and reads the team.
 *
 * An invitation's token is 256 random bits, kept hashed: the database alone
 * cannot accept one. It works once, for INVITE_TTL_DAYS, and only for an
 * account whose verified email is the invited one (any case).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  INVITE_TTL_DAYS,
  MAX_TEAM_SIZE,
  type Team,
  type TeamAccount,
  type TeamInvite,
  type TeamRole,
} from '../../../src/shared/contract/team.ts';
import type { Services } from '../../context.ts';
import {
  accountSummary,
  deleteInvite,
  deleteMember,
  insertInvite,
  isMemberEmail,
  listAccountsOf,
  listMembers,
  listPendingInvites,
  lockAndCountTeam,
  lockInviteByTokenHash,
  markInviteAccepted,
  setMemberRole,
  upsertMember,
  verifiedEmailOf,
} from '../../db/queries/team.ts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../domain-errors.ts';
import { sendTeamInvite } from './team-mail.ts';

const DAY_MS = 86_400_000;

export const TEAM_FULL = `A team has at most ${MAX_TEAM_SIZE} members and pending invitations together. Remove one first.`;
export const INVITE_UNKNOWN = 'This invitation link is not valid. Ask for a new invitation.';
export const INVITE_USED = 'This invitation has already been used.';
export const INVITE_EXPIRED = 'This invitation has expired. Ask for a new one.';
export const INVITE_OTHER_ADDRESS =
  'This invitation was sent to another email address. Sign in with that address to accept it.';
const NOT_VERIFIED = 'Verify your email address before accepting an invitation.';
const SELF = 'You cannot invite yourself.';
const ALREADY_MEMBER = 'That person is already on your team.';
const OWN_TEAM = 'This invitation is to your own account.';

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function teams(services: Services) {
  const { db, clock, mail, config } = services;

  return {
    async read(ownerId: number): Promise<Team> {
      const [members, invites] = await Promise.all([
        listMembers(db, ownerId),
        listPendingInvites(db, ownerId, new Date(clock.now())),
      ]);
      return { members, invites };
    },

    async accountsOf(userId: number): Promise<TeamAccount[]> {
      return listAccountsOf(db, userId);
    },

    /** Stores the invitation and queues its mail in one transaction: no mail without a working link. */
    async invite(ownerId: number, email: string, role: TeamRole): Promise<TeamInvite> {
      const now = new Date(clock.now());
      const owner = await accountSummary(db, ownerId);
      if (!owner) throw new NotFound('Your account no longer exists.');
      if (owner.email.toLowerCase() === email.toLowerCase()) throw new InvalidInput(SELF, { email: [SELF] });
      if (await isMemberEmail(db, ownerId, email)) throw new Conflict(ALREADY_MEMBER);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);
      return db.transaction(async (tx) => {
        // A new invitation to a pending address replaces it, so it does not take a second place.
        const taken = await lockAndCountTeam(tx, ownerId, now);
        const replaces = (await listPendingInvites(tx, ownerId, now)).some((i) => i.email === email);
        if (taken - (replaces ? 1 : 0) >= MAX_TEAM_SIZE) throw new Conflict(TEAM_FULL);
        const invite = await insertInvite(tx, { ownerId, email, role, tokenHash: tokenHash(token), now, expiresAt });
        await sendTeamInvite(mail.via(tx), {
          to: email,
          ownerName: owner.display_name || owner.email,
          role,
          link: `${config.publicUrl}/team/accept?token=${token}`,
          expiresAt,
        });
        return invite;
      });
    },

    async revokeInvite(ownerId: number, inviteId: number): Promise<void> {
      if (!(await deleteInvite(db, ownerId, inviteId))) throw new NotFound('Invitation not found.');
    },

    /** The signed-in account joins the team the token invites to, if its verified email is the invited one. */
    async accept(userId: number, token: string): Promise<TeamAccount> {
      const now = new Date(clock.now());
      const email = await verifiedEmailOf(db, userId);
      if (!email) throw new Forbidden(NOT_VERIFIED);
      return db.transaction(async (tx) => {
        const invite = await lockInviteByTokenHash(tx, tokenHash(token), now);
        if (!invite) throw new NotFound(INVITE_UNKNOWN);
        if (invite.accepted) throw new Conflict(INVITE_USED);
        if (invite.expired) throw new Conflict(INVITE_EXPIRED);
        if (invite.email.toLowerCase() !== email.toLowerCase()) throw new Forbidden(INVITE_OTHER_ADDRESS);
        if (invite.owner_id === userId) throw new InvalidInput(OWN_TEAM);
        await markInviteAccepted(tx, invite.id, now);
        await upsertMember(tx, invite.owner_id, userId, invite.role);
        const owner = await accountSummary(tx, invite.owner_id);
        return {
          owner_id: invite.owner_id,
          email: owner?.email ?? '',
          display_name: owner?.display_name ?? '',
          role: invite.role,
        };
      });
    },

    async changeRole(ownerId: number, userId: number, role: TeamRole): Promise<void> {
      if (!(await setMemberRole(db, ownerId, userId, role))) throw new NotFound('Member not found.');
    },

    async remove(ownerId: number, userId: number): Promise<void> {
      if (!(await deleteMember(db, ownerId, userId))) throw new NotFound('Member not found.');
    },
  };
}

export type Teams = ReturnType<typeof teams>;
