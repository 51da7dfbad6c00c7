/**
 * Contract §12: a member acts for the owner with `X-Account`; an editor
 * only on the events endpoints, a manager on everything but the team and the
 * owner's sign-in. Membership is read on every request: a removal or a role
 * change holds on the next one. Event writes name who made them (updated_by).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { asMember, joinTeam, userIdOf } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Account;
let ownerId: number;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'business');
  ownerId = await userIdOf(t.app, owner);
});
afterAll(() => t.close());

const NOT_A_MEMBER = 'You are not a member of that account.';
const OUTSIDE_ROLE = 'Your role on this team cannot do that.';

it("lets an editor list, create and change the owner's events, each naming who changed it", async () => {
  const { member, memberId } = await joinTeam(t.app, owner, 'editor');
  const mine = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Owner night', start_date: '2026-06-01' }),
  });
  expect(mine.body.updated_by).toBe(ownerId);

  const listed = await asMember(t.app, member, ownerId, 'GET', '/api/events/user/');
  expect(listed.status).toBe(200);
  expect(listed.body.map((e: { id: number }) => e.id)).toContain(mine.body.id);

  const changed = await asMember(t.app, member, ownerId, 'PUT', `/api/events/${mine.body.id}/update/`, {
    form: form({ title: 'Owner night, moved' }),
  });
  expect(changed.status).toBe(200);
  expect(changed.body.updated_by).toBe(memberId);
  const read = await call(t.app, 'GET', `/api/events/${mine.body.id}/`, { token: owner.access });
  expect(read.body).toMatchObject({ title: 'Owner night, moved', updated_by: memberId });

  const created = await asMember(t.app, member, ownerId, 'POST', '/api/events/create/', {
    form: form({ title: 'Made by the editor', start_date: '2026-06-02' }),
  });
  expect(created.status).toBe(201);
  expect(created.body.updated_by).toBe(memberId);
  const ownList = await call(t.app, 'GET', '/api/events/user/', { token: owner.access });
  expect(ownList.body.map((e: { id: number }) => e.id)).toContain(created.body.id);
  // The editor's own account is untouched: the event is the owner's.
  const editorsOwn = await call(t.app, 'GET', '/api/events/user/', { token: member.access });
  expect(editorsOwn.body).toEqual([]);

  const removed = await asMember(t.app, member, ownerId, 'DELETE', `/api/events/${created.body.id}/delete/`);
  expect(removed.status).toBe(204);
});

it('refuses an editor the profile, the business listing routes and the team', async () => {
  const { member } = await joinTeam(t.app, owner, 'editor');
  for (const [method, path] of [
    ['GET', '/api/auth/profile/'],
    ['GET', '/api/events/venue/requests/'],
    ['GET', '/api/team/'],
  ] as const) {
    const refused = await asMember(t.app, member, ownerId, method, path);
    expect([method, path, refused.status, refused.body.detail]).toEqual([method, path, 403, OUTSIDE_ROLE]);
  }
  const patch = await asMember(t.app, member, ownerId, 'PATCH', '/api/auth/profile/', {
    form: form({ display_name: 'taken over' }),
  });
  expect(patch.status).toBe(403);
});

it("refuses an editor the owner's business listing through the events endpoints, and lets a manager change it", async () => {
  const listing = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'The Hall', is_recurring: 'true' }),
  });
  expect(listing.body.is_listing).toBe(true);
  const { member: editor } = await joinTeam(t.app, owner, 'editor');
  const rename = () => form({ title: 'The Hall, renamed' });
  for (const [method, path, body] of [
    ['PUT', `/api/events/${listing.body.id}/update/`, rename()],
    ['DELETE', `/api/events/${listing.body.id}/delete/`, undefined],
  ] as const) {
    const refused = await asMember(t.app, editor, ownerId, method, path, body ? { form: body } : {});
    expect([method, refused.status, refused.body?.detail]).toEqual([method, 403, OUTSIDE_ROLE]);
  }
  const { member: manager, memberId: managerId } = await joinTeam(t.app, owner, 'manager');
  const renamed = await asMember(t.app, manager, ownerId, 'PUT', `/api/events/${listing.body.id}/update/`, {
    form: rename(),
  });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ title: 'The Hall, renamed', updated_by: managerId });
});

it("lets a manager read and change the owner's profile, but not the team or the owner's sign-in", async () => {
  const { member } = await joinTeam(t.app, owner, 'manager');
  const profile = await asMember(t.app, member, ownerId, 'GET', '/api/auth/profile/');
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ id: ownerId, email: owner.email });
  const requests = await asMember(t.app, member, ownerId, 'GET', '/api/events/venue/requests/');
  expect(requests.status).toBe(200);

  const refusals = [
    ['GET', '/api/team/', undefined],
    ['POST', '/api/team/invites/', { email: 'friend@example.org', role: 'manager' }],
    ['POST', '/api/auth/password/change/', { current_password: owner.password, new_password: 'another-horse-2' }],
    ['POST', '/api/auth/email/change/', { new_email: 'stolen@example.org', current_password: owner.password }],
  ] as const;
  for (const [method, path, json] of refusals) {
    const refused = await asMember(t.app, member, ownerId, method, path, json ? { json } : {});
    expect([path, refused.status, refused.body.detail]).toEqual([path, 403, OUTSIDE_ROLE]);
  }
  const login = await call(t.app, 'POST', '/api/auth/login/', {
    json: { email: owner.email, password: owner.password },
  });
  expect(login.status).toBe(200);
});

it('refuses a removed member on their next request, and follows a role change at once', async () => {
  const { member, memberId } = await joinTeam(t.app, owner, 'editor');
  expect((await asMember(t.app, member, ownerId, 'GET', '/api/auth/profile/')).status).toBe(403);
  const promoted = await call(t.app, 'PATCH', `/api/team/members/${memberId}/`, {
    token: owner.access,
    json: { role: 'manager' },
  });
  expect(promoted.status).toBe(200);
  expect((await asMember(t.app, member, ownerId, 'GET', '/api/auth/profile/')).status).toBe(200);

  expect((await asMember(t.app, member, ownerId, 'GET', '/api/events/user/')).status).toBe(200);
  const removed = await call(t.app, 'DELETE', `/api/team/members/${memberId}/`, { token: owner.access });
  expect(removed.status).toBe(204);
  const after = await asMember(t.app, member, ownerId, 'GET', '/api/events/user/');
  expect([after.status, after.body.detail]).toEqual([403, NOT_A_MEMBER]);
  // Their own account still works without the header.
  expect((await call(t.app, 'GET', '/api/events/user/', { token: member.access })).status).toBe(200);
});

it('refuses X-Account for an account the caller is not a member of (403) and a malformed one (400)', async () => {
  const stranger = await signUp(t.app, 'subpromoter');
  const foreign = await asMember(t.app, stranger, ownerId, 'GET', '/api/events/user/');
  expect([foreign.status, foreign.body.detail]).toEqual([403, NOT_A_MEMBER]);
  const write = await asMember(t.app, stranger, ownerId, 'POST', '/api/events/create/', {
    form: form({ title: 'Sneaked in' }),
  });
  expect(write.status).toBe(403);
  for (const header of ['abc', '-1', '0', '12 13', '1.5']) {
    const malformed = await asMember(t.app, stranger, header, 'GET', '/api/events/user/');
    expect([header, malformed.status]).toEqual([header, 400]);
  }
  // Naming one's own account is acting as oneself.
  const self = await asMember(t.app, owner, ownerId, 'GET', '/api/team/');
  expect(self.status).toBe(200);
});
