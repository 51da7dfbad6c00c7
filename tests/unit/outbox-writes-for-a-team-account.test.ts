// @vitest-environment node
/**
 * A team member's queued writes (contract §12) against the real API app in-process:
 * each entry keeps the account it was made for and its replay says so with
 * X-Account — whatever account the page has chosen since, and not at all for
 * the member's own writes or entries stored before entries named an account.
 * A member removed while writes wait gets the server's refusal on them (needs
 * attention, the server's reason), never a write applied, never one lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike, StoredTokens } from '../../src/shared/api/api-client.ts';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';
import { replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { call, form, signUp, type Account } from '../api/support/api-client.ts';
import { joinTeam, userIdOf } from '../api/support/teams.ts';
import { startTestApp, type TestApp } from '../api/support/test-app.ts';
import { createOutboxHarness } from './support/outbox-harness.ts';

const ORIGIN = 'http://roamly.test';
let t: TestApp;
let owner: Account;
let ownerId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'business');
  ownerId = await userIdOf(t.app, owner);
});

afterAll(async () => {
  await t.close();
});

/** The app as a FetchLike that notes each write's path and X-Account. */
function recordingFetch() {
  const sent: Array<{ method: string; path: string; account: string | null }> = [];
  const fetch: FetchLike = async (input, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') {
      sent.push({ method, path: new URL(input, ORIGIN).pathname, account: new Headers(init.headers).get('X-Account') });
    }
    return t.app.request(`${ORIGIN}${input}`, init);
  };
  return { fetch, sent };
}

async function ownersEvent(title: string): Promise<{ id: number; version: number }> {
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title, start_date: '2026-06-01' }),
  });
  return created.body as { id: number; version: number };
}

async function readAsOwner(id: number): Promise<{ title: string; updated_by: number | null }> {
  return (await call(t.app, 'GET', `/api/events/${id}/`, { token: owner.access })).body;
}

/** `chosen`: the page's Account choice; absent, a context that has none (the service worker). */
async function memberHarness(role: 'editor' | 'manager', chosen?: () => number | null) {
  const { member, memberId } = await joinTeam(t.app, owner, role);
  const recorder = recordingFetch();
  const tokens: StoredTokens = { access: member.access, refresh: member.refresh };
  const h = createOutboxHarness({
    fetch: recorder.fetch,
    tokens,
    userId: memberId,
    ...(chosen ? { account: chosen } : {}),
  });
  return { h, member, memberId, sent: recorder.sent };
}

const update = (id: number, title: string, baseVersion: number) =>
  ({ kind: 'event.update', target: `event:${id}`, fields: { title }, baseVersion }) as const;

describe("a team member's queued writes", () => {
  it("replay for the owner they were made for, with X-Account, even after the page switched back to the member's own account", async () => {
    let chosen: number | null = ownerId;
    const { h, memberId, sent } = await memberHarness('editor', () => chosen);
    const event = await ownersEvent('Harbour night');
    h.setOnline(false);
    await h.queue(update(event.id, 'Harbour night, offline edit', event.version), memberId, ownerId);
    expect((await h.entries())[0]).toMatchObject({ userId: memberId, accountId: ownerId });

    chosen = null; // switched to "Your account" before the connection came back
    h.setOnline(true);
    await h.drain();

    expect(await h.entries()).toEqual([]);
    expect(sent).toEqual([{ method: 'PUT', path: `/api/events/${event.id}/update/`, account: String(ownerId) }]);
    expect(await readAsOwner(event.id)).toMatchObject({ title: 'Harbour night, offline edit', updated_by: memberId });
  });

  it('replay for the owner from a context with no Account choice at all, as the service worker is', async () => {
    const { h, memberId, sent } = await memberHarness('editor');
    const event = await ownersEvent('Lock-in');
    h.setOnline(false);
    await h.queue(update(event.id, 'Lock-in, from the worker', event.version), memberId, ownerId);
    h.restart(); // a new runner over the same IndexedDB, as the worker's is
    h.setOnline(true);
    await h.drain();
    expect(sent.map((s) => s.account)).toEqual([String(ownerId)]);
    expect(await readAsOwner(event.id)).toMatchObject({ title: 'Lock-in, from the worker', updated_by: memberId });
  });

  it("send the member's own writes without X-Account while an owner's account is chosen", async () => {
    const { h, member, memberId, sent } = await memberHarness('editor', () => ownerId);
    h.setOnline(false);
    await h.queue(
      { kind: 'event.create', target: 'event:tmp-own', fields: { title: 'My own gig', is_recurring: false } },
      memberId,
      null,
    );
    h.setOnline(true);
    await h.drain();
    expect(sent).toEqual([{ method: 'POST', path: '/api/events/create/', account: null }]);
    const own = (await call(t.app, 'GET', '/api/events/user/', { token: member.access })).body as { title: string }[];
    expect(own.map((e) => e.title)).toEqual(['My own gig']);
  });

  it('treat an entry stored before entries named their account as the user’s own', async () => {
    const { h, memberId, sent } = await memberHarness('editor', () => ownerId);
    const legacy: OutboxEntry = {
      id: 'legacy-entry',
      seq: 1,
      key: crypto.randomUUID(),
      target: 'profile',
      userId: memberId,
      intent: { kind: 'profile.update', target: 'profile', fields: { bio: 'queued before teams' } },
      createdAt: h.now,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'queued',
      attention: null,
      lastError: null,
      inheritsVersion: false,
    };
    await replaceEntry(await openDatabase(), legacy);
    await h.drain();
    expect(await h.entries()).toEqual([]);
    expect(sent).toEqual([{ method: 'PATCH', path: '/api/auth/profile/', account: null }]);
  });

  it('never merge a write for the owner’s profile into one for the member’s own', async () => {
    const { h, memberId, sent } = await memberHarness('manager', () => null);
    h.setOnline(false);
    await h.queue({ kind: 'profile.update', target: 'profile', fields: { bio: 'mine' } }, memberId, null);
    await h.queue({ kind: 'profile.update', target: 'profile', fields: { bio: 'the owner’s' } }, memberId, ownerId);
    expect(await h.entries()).toHaveLength(2);
    h.setOnline(true);
    await h.drain();
    expect(sent.map((s) => s.account)).toEqual([null, String(ownerId)]);
    const ownerProfile = (await call(t.app, 'GET', '/api/auth/profile/', { token: owner.access })).body;
    expect(ownerProfile.bio).toBe('the owner’s');
  });

  it('need attention with the server’s reason when the member was removed while they waited, and are kept', async () => {
    const { h, memberId } = await memberHarness('editor', () => ownerId);
    const event = await ownersEvent('Quay session');
    h.setOnline(false);
    await h.queue(update(event.id, 'Quay session, edited', event.version), memberId, ownerId);
    const removed = await call(t.app, 'DELETE', `/api/team/members/${memberId}/`, { token: owner.access });
    expect(removed.status).toBe(204);

    h.setOnline(true);
    await h.drain();

    const [entry] = await h.entries();
    expect(entry).toMatchObject({
      status: 'attention',
      accountId: ownerId,
      attention: { kind: 'rejected', status: 403, detail: 'You are not a member of that account.' },
      lastError: 'You are not a member of that account.',
    });
    expect(await readAsOwner(event.id)).toMatchObject({ title: 'Quay session' });
  });

  it('need attention with the server’s reason when the member’s role was lowered while they waited', async () => {
    const { h, memberId } = await memberHarness('manager', () => ownerId);
    h.setOnline(false);
    await h.queue({ kind: 'profile.update', target: 'profile', fields: { bio: 'by the manager' } }, memberId, ownerId);
    const lowered = await call(t.app, 'PATCH', `/api/team/members/${memberId}/`, {
      token: owner.access,
      json: { role: 'editor' },
    });
    expect(lowered.status).toBe(200);

    h.setOnline(true);
    await h.drain();

    const [entry] = await h.entries();
    expect(entry).toMatchObject({
      status: 'attention',
      attention: { kind: 'rejected', status: 403, detail: 'Your role on this team cannot do that.' },
    });
    const ownerProfile = (await call(t.app, 'GET', '/api/auth/profile/', { token: owner.access })).body;
    expect(ownerProfile.bio).not.toBe('by the manager');
  });
});
