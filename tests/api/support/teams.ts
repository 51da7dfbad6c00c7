/**
 * Teams for tests (contract §12): accounts made at a chosen address, the
 * invitation token read from the dev mailbox, and a member made the real way
 * (invite → mail → accept).
 */
import { call, uniqueEmail, latestCode, type Account } from './api-client.ts';
import type { TestApp } from './test-app.ts';

type App = TestApp['app'];

/** Registers and verifies an account at `email`. */
export async function signUpAs(app: App, email: string, userType = 'subpromoter'): Promise<Account> {
  const password = 'correct-horse-1';
  const registered = await call(app, 'POST', '/api/auth/register/', {
    json: { email, password, full_name: 'Team Person', display_name: email.split('@')[0], user_type: userType },
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${JSON.stringify(registered.body)}`);
  const verified = await call(app, 'POST', '/api/auth/verify-email/', {
    json: { email, code: await latestCode(app, email) },
  });
  if (verified.status !== 200) throw new Error(`verify ${verified.status} ${JSON.stringify(verified.body)}`);
  return { email, password, access: verified.body.access, refresh: verified.body.refresh };
}

export async function userIdOf(app: App, account: Account): Promise<number> {
  const profile = await call(app, 'GET', '/api/auth/profile/', { token: account.access });
  return profile.body.id as number;
}

export interface Mailed {
  to: string;
  subject: string;
  text: string;
}

/** The newest invitation mailed to `email`, and the token of its link. */
export async function invitationTo(app: App, email: string): Promise<{ mail: Mailed; token: string }> {
  const mailbox = await call(app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  const mail = [...(mailbox.body.messages as Mailed[])].reverse().find((m) => m.text.includes('/team/accept?token='));
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const token = /\/team\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { mail, token };
}

export const invite = (app: App, owner: Account, email: string, role: 'manager' | 'editor') =>
  call(app, 'POST', '/api/team/invites/', { token: owner.access, json: { email, role } });

export const accept = (app: App, member: Account, token: string) =>
  call(app, 'POST', '/api/team/accept/', { token: member.access, json: { token } });

/** A new account on the owner's team with `role`, and both ids. */
export async function joinTeam(
  app: App,
  owner: Account,
  role: 'manager' | 'editor',
): Promise<{ member: Account; memberId: number; ownerId: number }> {
  const email = uniqueEmail(role);
  const sent = await invite(app, owner, email, role);
  if (sent.status !== 201) throw new Error(`invite ${sent.status} ${JSON.stringify(sent.body)}`);
  const member = await signUpAs(app, email);
  const accepted = await accept(app, member, (await invitationTo(app, email)).token);
  if (accepted.status !== 200) throw new Error(`accept ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { member, memberId: await userIdOf(app, member), ownerId: await userIdOf(app, owner) };
}

/** A call as `member` for the account `ownerId`. */
export const asMember = (
  app: App,
  member: Account,
  ownerId: number | string,
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData } = {},
) => call(app, method, path, { ...options, token: member.access, headers: { 'X-Account': String(ownerId) } });
