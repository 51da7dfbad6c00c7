/**
 * What one dashboard save costs the database in socket writes, each of which
 * wakes a backend: the event editor's full form, sent as the outbox sends it
 * (multipart, If-Match, Idempotency-Key). PostgreSQL only; PGlite has no socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRequest } from '../../src/shared/api/operations/create-event.ts';
import { updateEventRequest } from '../../src/shared/api/operations/update-event.ts';
import type { WriteRequest } from '../../src/shared/api/operations/write-request.ts';
import { buildUpdate, createFields } from '../../src/features/events/event-form.ts';
import { editorFormValues } from '../support/editor-form.ts';
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

const fields = (title: string) => createFields(editorFormValues(title)) as never;

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
  it('reaches the database in few writes: a create in three, a whole-form update in two, a time edit in three', async () => {
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

    // The editor's own body for a time edit (only what changed): the date rules need the stored
    // row. BEGIN, the claim, the count and the row's lock; the update; the answer with the COMMIT.
    const before = editorFormValues('Jazz night, later');
    const timeEdit = buildUpdate({ ...before, start_time: '20:30' }, before);
    const edit = await writesDuring(() => send(updateEventRequest(id, timeEdit as never), 'update-2', 2));
    expect(edit).toEqual({ writes: 3, status: 200 });
  });
});
