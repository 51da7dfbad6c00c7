/**
 * The team endpoints (contract §12). Online only, like the account forms: an
 * invitation is a mail sent now, never a write queued in the outbox.
 */
import { apiPath, apiRoutes } from '../contract/api-routes.ts';
import {
  TeamAccountsSchema,
  TeamAcceptedSchema,
  TeamInviteSchema,
  TeamSchema,
  type Team,
  type TeamAccount,
  type TeamInvite,
  type TeamInviteRequest,
} from '../contract/team.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /team/`: the caller's members and pending invitations. */
export async function getTeam(client: ApiClient, signal?: AbortSignal): Promise<Team> {
  const { data } = await client.request('GET', apiRoutes.team, signal ? { signal } : {});
  return parseResponse(TeamSchema, data, 'team');
}

/** `POST /team/invites/`: mails the invitation. */
export async function inviteToTeam(client: ApiClient, body: TeamInviteRequest): Promise<TeamInvite> {
  const { data } = await client.request('POST', apiRoutes.teamInvites, { json: body });
  return parseResponse(TeamInviteSchema, data, 'team invite');
}

/** `DELETE /team/invites/{id}/`: the link stops working. */
export async function revokeTeamInvite(client: ApiClient, id: number): Promise<void> {
  await client.request('DELETE', apiPath(apiRoutes.teamInvite, { id }));
}

/** `DELETE /team/members/{user_id}/`: their next request for this account is refused. */
export async function removeTeamMember(client: ApiClient, userId: number): Promise<void> {
  await client.request('DELETE', apiPath(apiRoutes.teamMember, { user_id: userId }));
}

/** `POST /team/accept/`: the signed-in person joins the team the token invites to. */
export async function acceptTeamInvite(
  client: ApiClient,
  token: string,
): Promise<{ detail: string; account: TeamAccount }> {
  const { data } = await client.request('POST', apiRoutes.teamAccept, { json: { token }, account: null });
  return parseResponse(TeamAcceptedSchema, data, 'team accept');
}

/** `GET /team/accounts/`: the accounts the signed-in person may act for (the Account switcher). */
export async function listTeamAccounts(client: ApiClient, signal?: AbortSignal): Promise<TeamAccount[]> {
  const options = signal ? { signal, account: null } : { account: null };
  const { data } = await client.request('GET', apiRoutes.teamAccounts, options);
  return parseResponse(TeamAccountsSchema, data, 'team accounts').accounts;
}
