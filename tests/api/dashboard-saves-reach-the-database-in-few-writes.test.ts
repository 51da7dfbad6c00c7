/**
 * What one dashboard save costs the database in socket writes, each of which
 * wakes a backend: the event editor's full form, sent as the outbox sends it
 * (multipart, If-Match, Idempotency-Key). PostgreSQL only; PGlite has no socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRequest } from '../../src/shared/api/operations/create-event.ts';
import { updateEventRequest } from '../../src/shared/api/operations/update-event.ts';
import type { WriteRequest } from '../../src/shared/api/operations/write-request.ts';
import { createFields, emptyEventForm } from '../../src/features/events/event-form.ts';
import { signUp, type Account } from './support/api-client.ts';
import { onDatabaseWrite } from './support/database-writes.ts';
import { startTestApp, usesPostgres, type TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const fields = (title: string) =>
  createFields({
    ...emptyEventForm,
    title,
    location_name: 'London, England, GB',
    latitude: 51.5085,
    longitude: -0.1257,
    start_date: '2026-12-01',
    start_time: '19:00',
    end_date: '2026-12-01',
    end_time: '23:00',
    bio: 'Jazz by the river.',
    event_type: 'music',
    event_subtype: 'Jazz',
  }) as never;

async function send(request: WriteRequest, idempotencyKey: string, ifMatch?: number) {
  const headers: Record<string, string> = {
    ...(request.options.headers as Record<string, string>),
    Authorization: `Bearer ${owner.access}`,
    'Idempotency-Key': idempotencyKey,
  };
  if (ifMatch !== undefined) headers['If-Match'] = String(ifMatch);
  return t.app.request(`/api${request.path}`, { method: request.method, headers, body: request.options.form! });
}

async function writesDuring(work: () => Promise<Response>): Promise<{ writes: number; status: number }> {
  let writes = 0;
  const stop = onDatabaseWrite(() => writes++);
  try {
    const res = await work();
    await res.arrayBuffer();
    return { writes, status: res.status };
  } finally {
    stop();
  }
}

describe.runIf(usesPostgres())('a dashboard save', () => {
  it('reaches the database in few writes: a create in three, an update in two', async () => {
    // The session check, made once and then remembered for a while, is not part of the count.
    expect(
      (await t.app.request('/api/events/user/', { headers: { Authorization: `Bearer ${owner.access}` } })).status,
    ).toBe(200);

    // BEGIN, the claim, the write count, the account lock and its event count; the insert; the answer with the COMMIT.
    let id = 0;
    const create = await writesDuring(async () => {
      const res = await send(createEventRequest(fields('Jazz night')), 'create-1');
      id = ((await res.clone().json()) as { id: number }).id;
      return res;
    });
    expect(create).toEqual({ writes: 3, status: 201 });

    // BEGIN, the claim, the write count and the update; the answer with the COMMIT.
    const update = await writesDuring(() => send(updateEventRequest(id, fields('Jazz night, later')), 'update-1', 1));
    expect(update).toEqual({ writes: 2, status: 200 });
  });
});
