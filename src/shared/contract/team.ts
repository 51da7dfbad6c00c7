/**
 * Teams (contract §12): an owner invites people by email to act for their
 * account, each with a role; a member then sends `X-Account: <owner's id>` on
 * API calls and the server answers as for the owner, within that role.
 */
import * as v from 'valibot';
import { EmailSchema } from './formats.ts';
import { UserTypeSchema } from './user-types.ts';

/** What a member may do: `manager` all but the team and the owner's sign-in; `editor` events only. */
export const teamRoles = ['manager', 'editor'] as const;
/** A member's role. */
export type TeamRole = (typeof teamRoles)[number];
export const TeamRoleSchema = v.picklist(teamRoles, 'Choose Manager or Editor.');

/** How a role reads in the dashboard. */
export const teamRoleLabels: Readonly<Record<TeamRole, string>> = { manager: 'Manager', editor: 'Editor' };

/** The request header that names the account a member acts for. */
export const ACCOUNT_HEADER = 'X-Account';

/** X-Account names an account the caller is not a member of (403). */
export const NOT_A_MEMBER_DETAIL = 'You are not a member of that account.';
/** The member's role does not cover what they asked (403). */
export const OUTSIDE_ROLE_DETAIL = 'Your role on this team cannot do that.';

/** Days an invitation can be accepted. */
export const INVITE_TTL_DAYS = 7;
/** Most members and pending invitations one owner may have together. */
export const MAX_TEAM_SIZE = 20;

/** `POST /api/team/invites/` body. */
export const TeamInviteRequestSchema = v.object({ email: EmailSchema, role: TeamRoleSchema });
export type TeamInviteRequest = v.InferOutput<typeof TeamInviteRequestSchema>;

/** `POST /api/team/accept/` body: the token from the invitation's link. */
export const TeamAcceptRequestSchema = v.object({
  token: v.pipe(
    v.string('The invitation link is incomplete.'),
    v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is incomplete.'),
  ),
});

/** `PATCH /api/team/members/{user_id}/` body. */
export const TeamRoleChangeSchema = v.object({ role: TeamRoleSchema });

export const TeamMemberSchema = v.object({
  user_id: v.number(),
  email: v.string(),
  display_name: v.string(),
  role: TeamRoleSchema,
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

/** A pending invitation; `expires_at` is an ISO instant. */
export const TeamInviteSchema = v.object({
  id: v.number(),
  email: v.string(),
  role: TeamRoleSchema,
  expires_at: v.string(),
  created_at: v.string(),
});
export type TeamInvite = v.InferOutput<typeof TeamInviteSchema>;

/** `GET /api/team/`: the owner's members and pending invitations. */
export const TeamSchema = v.object({ members: v.array(TeamMemberSchema), invites: v.array(TeamInviteSchema) });
export type Team = v.InferOutput<typeof TeamSchema>;

/** An account the caller is a member of (the Account switcher). */
export const TeamAccountSchema = v.object({
  owner_id: v.number(),
  email: v.string(),
  display_name: v.string(),
  role: TeamRoleSchema,
  /** The owner's account type (a manager of a business sees its business tab); absent in an accept's answer. */
  user_type: v.optional(UserTypeSchema),
});
export type TeamAccount = v.InferOutput<typeof TeamAccountSchema>;

/** `GET /api/team/accounts/`: the accounts the caller may act for. */
export const TeamAccountsSchema = v.object({ accounts: v.array(TeamAccountSchema) });

/** `POST /api/team/accept/` answer: the account joined. */
export const TeamAcceptedSchema = v.object({ detail: v.string(), account: TeamAccountSchema });
