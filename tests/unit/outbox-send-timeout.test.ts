// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/shared/api/api-client.ts';
import { BASE_SEND_TIMEOUT_MS, sendTimeoutFor } from '../../src/shared/outbox/send-timeout.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';
import type { TestApp } from '../api/support/test-app.ts';
import { createOutboxHarness } from './support/outbox-harness.ts';
import { connectRealServer, startOutboxApp } from './support/outbox-real-server.ts';

let api: TestApp;
beforeAll(async () => {
  api = await startOutboxApp();
});
afterAll(() => api.close());

const create = (title: string) =>
  ({ kind: 'event.create', target: 'event:tmp-a', fields: { title, is_recurring: false } }) as const;

/** Lie-fi's worst case: the server applies the write, and its answer never comes back. */
function answerHeldOnce(fetch: FetchLike): FetchLike {
  let held = false;
  return async (input, init) => {
    if (held) return fetch(input, init);
    held = true;
    await fetch(input, init);
    return new Promise<Response>((_resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      // On a busy host the send timeout can fire while the server is still applying the write.
      if (init.signal?.aborted) abort();
      else init.signal?.addEventListener('abort', abort);
    });
  };
}

describe('outbox send timeout', () => {
  it('gives up on a send that is never answered, keeps the entry, and retries it once without applying it twice', async () => {
    const server = await connectRealServer(api);
    const h = createOutboxHarness({
      fetch: answerHeldOnce(server.fetch),
      tokens: server.tokens,
      userId: server.userId,
      sendTimeoutMs: 50,
    });
    await h.queue(create('Held'));
    await h.flush();
    const [entry] = await h.entries();
    expect(entry).toMatchObject({
      attempts: 1,
      status: 'queued',
      lastError: 'Could not reach the server; will retry.',
    });
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
    expect((await server.titled('Held')).map((event) => event.title)).toEqual(['Held']);
    expect([...server.applied.values()]).toEqual([1]);
  });

  it('allows 20 s plus a second per 8 KB of attached image', () => {
    const entry = (intent: object) => ({ intent }) as unknown as OutboxEntry;
    expect(sendTimeoutFor(entry({ kind: 'event.delete', target: 'event:1' }))).toBe(BASE_SEND_TIMEOUT_MS);
    const cover = new Blob([new Uint8Array(80_000)], { type: 'image/webp' });
    expect(sendTimeoutFor(entry({ kind: 'event.update', target: 'event:1', fields: {}, cover }))).toBe(
      BASE_SEND_TIMEOUT_MS + 10_000,
    );
  });
});
