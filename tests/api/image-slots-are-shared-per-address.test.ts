// @vitest-environment node
/**
 * 16 addresses × 8 stalled readers, each reopened every 30 s, held all 128
 * slots for originals, and every other visitor got 503 for any original.
 * Now one address holds at most 4 slots; once all are taken, an address
 * holding fewer than its share takes one from the address holding the most
 * (whose oldest stream is cut); a reader slower than the minimum rate is cut
 * however regularly it takes a chunk; and a slot comes back however its
 * stream ends (read in full, failed, abandoned by the client).
 * (scripts/bench/stalled-image-readers.ts replays the attack on a server process.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localImageStore, type ImageStore } from '../../server/services/image-store.ts';
import { ClientSlots, defaultMediaServing, type MediaServing } from '../../server/services/media/serving-limits.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BIG = 8 * 1024 * 1024;
/** Bytes that sniff as PNG. 8 MB is more than loopback socket buffers take: a reader that stops stops the server. */
function png(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

interface Server {
  t: TestApp;
  http: ServerType;
  port: number;
}

let dir: string;
let store: ImageStore;
let big: string;
let small: string;
/** An image whose stream fails after its first chunk. */
let broken: string;
let shared: Server;
let paced: Server;
const sockets: Socket[] = [];

async function startServer(serving: Partial<MediaServing>): Promise<Server> {
  const images: ImageStore = {
    ...store,
    open: async (name) => {
      const image = await store.open(name);
      if (!image || name !== broken) return image;
      const reader = image.body.getReader();
      let chunks = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (chunks++ > 0) throw new Error('The store failed mid-image.');
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { ...image, body };
    },
  };
  const t = await startTestApp({
    config: { trustProxy: true, trustProxyHops: 1 },
    deps: { images, mediaServing: serving },
  });
  const http = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  return { t, http, port: (http.address() as AddressInfo).port };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roamly-image-slots-'));
  store = localImageStore(dir);
  big = await store.put(png(BIG), 'image/png');
  small = await store.put(png(100 * 1024), 'image/png');
  broken = await store.put(png(BIG), 'image/png');
  // Slots without a rate: stalled readers keep theirs for the whole test (the stall time is 30 s).
  shared = await startServer({ maxOpenOriginals: 8, rateGraceMs: 600_000 });
  // A rate and no stall time: only the rate can cut a reader (1 MB/s stands in for 16 KB/s on loopback).
  paced = await startServer({ stallMs: 600_000, rateGraceMs: 1_000, rateWindowMs: 1_000, minBytesPerSecond: 1 << 20 });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of [shared, paced]) {
    (server.http as HttpServer).closeAllConnections();
    await new Promise((resolve) => server.http.close(resolve));
    await server.t.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

function open(server: Server, name: string, address: string): Socket {
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`GET /api/media/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  sockets.push(socket);
  return socket;
}

/**
 * A GET from `address` that takes the first bytes of the answer and then
 * stops reading. `drain()` reads again: whether the server cut the connection
 * (or kept sending), and how many bytes came in all.
 */
function stallingReader(server: Server, name: string, address: string) {
  const socket = open(server, name, address);
  let received = 0;
  const head = new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      received += chunk.length;
      resolve(chunk.toString('latin1'));
    }),
  );
  return {
    socket,
    head,
    drain: () =>
      drain(
        socket,
        () => received,
        (n) => (received += n),
      ),
  };
}

/** A reader that takes what has arrived every 250 ms: never stalled, but well under 1 MB/s. */
function tricklingReader(server: Server, name: string, address: string) {
  const socket = open(server, name, address);
  socket.pause();
  let received = 0;
  const timer = setInterval(() => {
    const chunk = socket.read() as Buffer | null;
    if (chunk) received += chunk.length;
  }, 250);
  return {
    drain: () => {
      clearInterval(timer);
      return drain(
        socket,
        () => received,
        (n) => (received += n),
      );
    },
  };
}

function drain(socket: Socket, received: () => number, add: (n: number) => void) {
  return new Promise<{ received: number; closed: boolean }>((resolve) => {
    const timer = setTimeout(() => resolve({ received: received(), closed: false }), 3_000);
    socket.on('data', (chunk: Buffer) => add(chunk.length));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ received: received(), closed: true });
    });
    socket.resume();
  });
}

const status = (head: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);

function get(server: Server, name: string, address: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}/api/media/${name}`, { headers: { 'X-Forwarded-For': address } });
}

/** Opens `count` stalled readers from `address`, each retried until it gets a slot (slots come back asynchronously). */
async function holdSlots(server: Server, address: string, count: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  const held = [];
  while (held.length < count) {
    const reader = stallingReader(server, big, address);
    const answer = status(await reader.head);
    if (answer === 200) held.push(reader);
    else {
      reader.socket.destroy();
      if (Date.now() > deadline) throw new Error(`${address} got ${held.length} of ${count} slots`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return held;
}

describe('image slots shared per address', () => {
  it('lets one address hold 4 originals at most; with every slot taken, another address is still served', async () => {
    expect(defaultMediaServing.maxOpenOriginalsPerClient).toBe(4);
    const [a, b, c] = ['203.0.113.10', '198.51.100.20', '192.0.2.30'];
    const fromA = Array.from({ length: 4 }, () => stallingReader(shared, big, a));
    for (const reader of fromA) expect(status(await reader.head)).toBe(200);

    const fifth = await get(shared, big, a);
    expect(fifth.status).toBe(503);
    expect(fifth.headers.get('retry-after')).toBe('5');
    expect(((await fifth.json()) as { detail: string }).detail).toMatch(
      /^Too many images are being sent right now\. Please try again in a few seconds\./,
    );

    const fromB = Array.from({ length: 4 }, () => stallingReader(shared, big, b));
    for (const reader of fromB) expect(status(await reader.head)).toBe(200);

    // All 8 slots are held by two addresses: a third is served in full, byte for byte.
    const whole = await get(shared, big, c);
    expect(whole.status).toBe(200);
    const original = (await store.get(big))!.bytes;
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);

    // Its slot came from the oldest stream of an address holding the most: A's first, now cut.
    const cut = await fromA[0]!.drain();
    expect(cut.closed).toBe(true);
    expect(cut.received).toBeLessThan(BIG);
    // A, left with 3, takes the slot C gave back, and no more.
    expect(status(await stallingReader(shared, big, a).head)).toBe(200);
    expect((await get(shared, big, a)).status).toBe(503);

    for (const reader of [...fromA, ...fromB]) reader.socket.destroy();
  });

  it('gives a slot back however its stream ends: read in full, failed in the store, or abandoned', async () => {
    const d = '198.51.100.40';
    // Read in full, and failed mid-image: more of each than the address has slots.
    // (The HTTP server logs each failed stream.)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 6; i++) {
      const whole = await get(shared, small, d);
      expect(whole.status).toBe(200);
      await whole.arrayBuffer();
      const failed = await get(shared, broken, d);
      expect(failed.status).toBe(200);
      await expect(failed.arrayBuffer()).rejects.toThrow();
    }
    logged.mockRestore();
    const afterwards = await holdSlots(shared, d, 4);
    // Abandoned: the client hangs up on its 4 stalled readers; the address gets 4 again.
    for (const reader of afterwards) reader.socket.destroy();
    const again = await holdSlots(shared, d, 4);
    for (const reader of again) reader.socket.destroy();
  });

  it('cuts a reader slower than the minimum rate, though it never stalls, and frees its slot', async () => {
    const e = '203.0.113.50';
    const slow = Array.from({ length: 4 }, () => tricklingReader(paced, big, e));
    // Only a cut frees one of the address's 4 slots: it can hold 4 again once all 4 slow readers are cut.
    const fresh = await holdSlots(paced, e, 4);
    for (const reader of slow) {
      const { received, closed } = await reader.drain();
      expect(closed).toBe(true);
      expect(received).toBeLessThan(BIG);
    }
    for (const reader of fresh) reader.socket.destroy();

    // A reader that reads is served in full at the same rate.
    const whole = await get(paced, big, e);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(BIG);
  }, 30_000);

  it('shares out slots: a newcomer takes the oldest of the address holding the most, only while that is fairer', () => {
    const slots = new ClientSlots(3, 2);
    const evicted: string[] = [];
    const a1 = slots.take('203.0.113.1', () => evicted.push('a1'));
    expect(slots.take('203.0.113.1', () => evicted.push('a2'))).not.toBeNull();
    expect(slots.take('203.0.113.1')).toBeNull(); // its share
    expect(slots.take('198.51.100.7')).not.toBeNull(); // all 3 taken
    const c1 = slots.take('192.0.2.9');
    expect(c1).not.toBeNull();
    expect(evicted).toEqual(['a1']);
    expect(slots.heldBy('203.0.113.1')).toBe(1);
    // One each: nobody holds more than one above a newcomer.
    expect(slots.take('192.0.2.200')).toBeNull();
    a1!(); // taken from it already: giving it back frees nothing
    expect(slots.take('192.0.2.200')).toBeNull();
    c1!();
    c1!(); // giving back twice frees one slot, not two
    expect(slots.take('192.0.2.200')).not.toBeNull();
    expect(slots.inUse).toBe(3);
  });
});
