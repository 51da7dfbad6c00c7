/**
 * Teams (contract §12): the owner's team endpoints — list, invite, revoke,
 * change a role, remove — are the owner's alone (no `team` rule: a member's
 * X-Account is refused). Accepting an invitation and listing the accounts one
 * may act for are the signed-in person's own, whatever account they act for.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { DetailResponseSchema } from '../../src/shared/contract/auth.ts';
import {
  TeamAcceptedSchema,
  TeamAcceptRequestSchema,
  TeamAccountsSchema,
  TeamInviteRequestSchema,
  TeamInviteSchema,
  TeamRoleChangeSchema,
  TeamSchema,
} from '../../src/shared/contract/team.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { callerOf } from '../http/auth.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { teams } from '../services/team/teams.ts';

const noStore = { 'Cache-Control': 'private, no-cache' };

function idParam(c: ApiContext, name: 'id' | 'user_id', what: string): number {
  const raw = c.req.param(name) ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new ApiError(404, `${what} not found.`);
  return Number(raw);
}

/** The person signed in, never the account they act for: accepting and switching are theirs. */
function personOf(c: ApiContext): number {
  const caller = callerOf(c);
  return caller.actorId ?? caller.userId;
}

export function teamRoutes(services: Services): Hono<ApiEnv> {
  const team = teams(services);
  const router = new Hono<ApiEnv>();

  router.get(
    apiRoutes.team,
    route({
      tag: 'team',
      summary: "The caller's team: members with their roles, and pending invitations with when they expire.",
      auth: 'bearer',
      responses: { 200: { description: 'The team.', schema: TeamSchema } },
    }),
    async (c) => c.json(await team.read(callerOf(c).userId), 200, noStore),
  );

  router.post(
    apiRoutes.teamInvites,
    route({
      tag: 'team',
      summary: 'Invite someone by email as manager or editor; the mail holds a link that works once, for 7 days.',
      auth: 'bearer',
      idempotent: true,
      json: TeamInviteRequestSchema,
      limits: [{ bucket: 'team-invite', per: 'user', limit: 'teamInvitesPerOwner' }],
      responses: { 201: { description: 'The invitation.', schema: TeamInviteSchema } },
      errors: [409],
    }),
    async (c) => {
      const { email, role } = c.req.valid('json');
      return c.json(await team.invite(callerOf(c).userId, email, role), 201);
    },
  );

  router.delete(
    apiRoutes.teamInvite,
    route({
      tag: 'team',
      summary: 'Revoke a pending invitation: its link stops working.',
      auth: 'bearer',
      idempotent: true,
      responses: { 204: { description: 'Revoked.' } },
      errors: [404],
    }),
    async (c) => {
      await team.revokeInvite(callerOf(c).userId, idParam(c, 'id', 'Invitation'));
      return c.body(null, 204);
    },
  );

  router.patch(
    apiRoutes.teamMember,
    route({
      tag: 'team',
      summary: "Change a member's role; it holds from their next request.",
      auth: 'bearer',
      idempotent: true,
      json: TeamRoleChangeSchema,
      responses: { 200: { description: 'Changed.', schema: DetailResponseSchema } },
      errors: [404],
    }),
    async (c) => {
      const { role } = c.req.valid('json');
      await team.changeRole(callerOf(c).userId, idParam(c, 'user_id', 'Member'), role);
      return c.json({ detail: 'The role has been changed.' });
    },
  );

  router.delete(
    apiRoutes.teamMember,
    route({
      tag: 'team',
      summary: 'Remove a member: their next request for this account is refused.',
      auth: 'bearer',
      idempotent: true,
      responses: { 204: { description: 'Removed.' } },
      errors: [404],
    }),
    async (c) => {
      await team.remove(callerOf(c).userId, idParam(c, 'user_id', 'Member'));
      return c.body(null, 204);
    },
  );

  router.post(
    apiRoutes.teamAccept,
    route({
      tag: 'team',
      summary:
        'Accept an invitation with the token from its link, signed in with the invited (verified) address; it works once.',
      auth: 'bearer',
      team: 'editor',
      idempotent: true,
      json: TeamAcceptRequestSchema,
      responses: { 200: { description: 'The account joined.', schema: TeamAcceptedSchema } },
      errors: [404, 409],
    }),
    async (c) => {
      const account = await team.accept(personOf(c), c.req.valid('json').token);
      const name = account.display_name || account.email;
      return c.json({ detail: `You can now act for ${name} as ${account.role}.`, account });
    },
  );

  router.get(
    apiRoutes.teamAccounts,
    route({
      tag: 'team',
      summary: 'The accounts the signed-in person may act for with X-Account, and their role on each.',
      auth: 'bearer',
      team: 'editor',
      responses: { 200: { description: 'The accounts.', schema: TeamAccountsSchema } },
    }),
    async (c) => c.json({ accounts: await team.accountsOf(personOf(c)) }, 200, noStore),
  );

  return router;
}
