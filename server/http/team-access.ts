/**
 * Acting for another account (contract §12): a team member sends
 * `X-Account: <owner's id>` and, on a route their role may use, the request
 * runs as the owner's — `callerOf(c).userId` is the owner, `actorId` the
 * member — so every handler works unchanged. Routes say which role may use
 * them (`team` in route-policy.ts); undeclared, only the owner may.
 *
 * Membership and role are read from the database on every request that
 * carries the header, never remembered: a removal or a role change holds on
 * the next request, on every instance.
 */
import type { Context } from 'hono';
import { ACCOUNT_HEADER, NOT_A_MEMBER_DETAIL, OUTSIDE_ROLE_DETAIL } from '../../src/shared/contract/team.ts';
import type { ApiEnv, Services } from '../context.ts';
import { membershipOf, type TeamRoleName } from '../db/queries/team.ts';
import { ApiError } from './problem.ts';
import type { TeamRule } from './route-policy.ts';

const MALFORMED = `${ACCOUNT_HEADER} must be the id of an account, a whole number.`;

const allowed: Readonly<Record<TeamRule, readonly TeamRoleName[]>> = {
  'owner-only': [],
  manager: ['manager'],
  editor: ['manager', 'editor'],
};

/** The account a request names, or null when it names none (or the caller's own). */
function namedAccount(c: Context<ApiEnv>, callerId: number): number | null {
  const header = c.req.header(ACCOUNT_HEADER);
  if (header === undefined || header.trim() === '') return null;
  if (!/^[1-9]\d{0,15}$/.test(header.trim())) throw new ApiError(400, MALFORMED);
  const id = Number(header.trim());
  return id === callerId ? null : id;
}

/** Makes the request the owner's when the signed-in member may use this route for them; else 400/403. */
export function teamAccess(services: Services) {
  return async (c: Context<ApiEnv>, rule: TeamRule): Promise<void> => {
    const caller = c.var.user;
    if (!caller) return;
    const ownerId = namedAccount(c, caller.userId);
    if (ownerId === null) return;
    const member = await membershipOf(services.db, ownerId, caller.userId);
    if (!member) throw new ApiError(403, NOT_A_MEMBER_DETAIL);
    if (!allowed[rule].includes(member.role)) throw new ApiError(403, OUTSIDE_ROLE_DETAIL);
    c.set('user', {
      ...caller,
      userId: ownerId,
      userType: member.owner_type,
      actorId: caller.userId,
      teamRole: member.role,
    });
  };
}
