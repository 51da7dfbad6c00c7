/**
 * Contract §12: an owner invites by email; the link's token works once, for
 * the invited address only (any case), until it expires after 7 days or is
 * revoked; a team holds at most 20 members and pending invitations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signUp, uniqueEmail, type Account } from './support/api-client.ts';
import { accept, invitationTo, invite, signUpAs, userIdOf } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const team = (account: Account) => call(t.app, 'GET', '/api/team/', { token: account.access });

it('mails a link that the invited address accepts once, and lists the member with their role', async () => {
  const email = uniqueEmail('invited');
  const sent = await invite(t.app, owner, email.toUpperCase(), 'editor');
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ email, role: 'editor' });
  expect(Date.parse(sent.body.expires_at) - t.clock.now()).toBe(7 * 86_400_000);

  const { mail, token } = await invitationTo(t.app, email);
  expect(mail.text).toContain(`${t.config.publicUrl}/team/accept?token=`);
  expect(mail.text).toMatch(/works once, until/);
  expect((await team(owner)).body.invites).toEqual([expect.objectContaining({ email, role: 'editor' })]);

  const stranger = await signUp(t.app, 'subpromoter');
  const refused = await accept(t.app, stranger, token);
  expect(refused.status).toBe(403);
  expect(refused.body.detail).toMatch(/sent to another email address/);

  const member = await signUpAs(t.app, email);
  const accepted = await accept(t.app, member, token);
  expect(accepted.status).toBe(200);
  expect(accepted.body.account).toMatchObject({ owner_id: await userIdOf(t.app, owner), role: 'editor' });

  const again = await accept(t.app, member, token);
  expect(again.status).toBe(409);
  expect(again.body.detail).toMatch(/already been used/);

  const listed = (await team(owner)).body;
  expect(listed.members).toEqual([
    { user_id: await userIdOf(t.app, member), email, display_name: expect.any(String), role: 'editor' },
  ]);
  expect(listed.invites).toEqual([]);
  const accounts = await call(t.app, 'GET', '/api/team/accounts/', { token: member.access });
  // With the owner's type: a manager of a business gets its business tab.
  expect(accounts.body.accounts).toEqual([
    expect.objectContaining({ email: owner.email, role: 'editor', user_type: 'business' }),
  ]);
});

it('refuses a revoked invitation and an unknown token', async () => {
  const email = uniqueEmail('revoked');
  const sent = await invite(t.app, owner, email, 'manager');
  const { token } = await invitationTo(t.app, email);
  expect((await call(t.app, 'DELETE', `/api/team/invites/${sent.body.id}/`, { token: owner.access })).status).toBe(204);
  const member = await signUpAs(t.app, email);
  expect((await accept(t.app, member, token)).status).toBe(404);
  expect((await accept(t.app, member, 'x'.repeat(43))).status).toBe(404);
});

it('refuses an invitation after 7 days, and leaves it out of the list', async () => {
  const inviter = await signUp(t.app, 'business');
  const email = uniqueEmail('late');
  await invite(t.app, inviter, email, 'editor');
  const { token } = await invitationTo(t.app, email);
  const member = await signUpAs(t.app, email);
  t.clock.advance(7 * 86_400_000 + 1000);
  const login = (a: Account) =>
    call(t.app, 'POST', '/api/auth/login/', { json: { email: a.email, password: a.password } });
  member.access = (await login(member)).body.access;
  inviter.access = (await login(inviter)).body.access;
  const late = await accept(t.app, member, token);
  expect(late.status).toBe(409);
  expect(late.body.detail).toMatch(/expired/);
  expect((await team(inviter)).body).toEqual({ members: [], invites: [] });
});

it('holds a team to 20 members and pending invitations together', async () => {
  const busy = await signUp(t.app, 'business');
  for (let i = 0; i < 20; i += 1) expect((await invite(t.app, busy, uniqueEmail('many'), 'editor')).status).toBe(201);
  const over = await invite(t.app, busy, uniqueEmail('many'), 'editor');
  expect(over.status).toBe(409);
  expect(over.body.detail).toMatch(/at most 20/);
});
