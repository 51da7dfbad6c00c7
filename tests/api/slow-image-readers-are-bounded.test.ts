// @vitest-environment node
/**
 * Images were read whole and sent as one buffer, so 100
 * clients reading a 10 MB image a byte a second held a gigabyte and stalled
 * the server. Now originals are streamed a chunk at a time; over a real
 * socket, a reader that takes nothing for the stall time is cut, originals
 * open at once are capped (503 with Retry-After past the cap), and `?w=`
 * with the resize queue full answers without reading the original.
 * (scripts/bench/slow-readers.ts measures memory and /api/health under 200
 * such readers.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localImageStore, type ImageStore } from '../../server/services/image-store.ts';
import { renditions } from '../../server/services/media/renditions.ts';
import { ClientSlots } from '../../server/services/media/serving-limits.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** 8 MB that sniff as PNG: more than loopback socket buffers take, so a reader that stops stops the server. */
function bigPng(): Uint8Array {
  const bytes = new Uint8Array(randomBytes(8 * 1024 * 1024));
  bytes.set(PNG_SIGNATURE);
  return bytes;
}

let dir: string;
let store: ImageStore;
let t: TestApp;
let server: ServerType;
let port: number;
let name: string;
const STALL_MS = 1_500;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'roamly-slow-readers-'));
  store = localImageStore(dir);
  name = await store.put(bigPng(), 'image/png');
  t = await startTestApp({ deps: { images: store, mediaServing: { stallMs: STALL_MS, maxOpenOriginals: 2 } } });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A GET that takes the first bytes of the answer and then stops reading.
 * `drain()` reads again: whether the server kept the rest or cut the
 * connection, and how many bytes came in all.
 */
function stallingReader(path: string) {
  const socket = connect(port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  let received = 0;
  const head = new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      received += chunk.length;
      resolve(chunk.toString('latin1'));
    }),
  );
  socket.on('error', () => undefined);
  const drain = () =>
    new Promise<{ received: number; closed: boolean }>((resolve) => {
      const timer = setTimeout(() => resolve({ received, closed: false }), 3_000);
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.once('close', () => {
        clearTimeout(timer);
        resolve({ received, closed: true });
      });
      socket.resume();
    });
  return { socket, head, drain };
}

describe('slow readers of originals', () => {
  it('caps originals open at once (503, Retry-After) and cuts a reader that takes nothing for the stall time', async () => {
    const readers = [stallingReader(`/api/media/${name}`), stallingReader(`/api/media/${name}`)];
    for (const reader of readers) expect(await reader.head).toMatch(/^HTTP\/1\.1 200 /);

    const busy = await fetch(`http://127.0.0.1:${port}/api/media/${name}`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { detail: string }).detail).toMatch(
      /^Too many images are being sent right now\. Please try again in a few seconds\./,
    );

    // Both stop reading; past the stall time the server has cut them, well short of the whole image.
    await new Promise((resolve) => setTimeout(resolve, STALL_MS + 1_000));
    for (const reader of readers) {
      const { received, closed } = await reader.drain();
      expect(closed).toBe(true);
      expect(received).toBeLessThan(8 * 1024 * 1024);
    }

    // Their slots are free again: a reader that reads gets the whole image, byte for byte.
    const whole = await fetch(`http://127.0.0.1:${port}/api/media/${name}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(8 * 1024 * 1024));
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const original = (await store.get(name))!.bytes;
    // (Buffer.equals: a deep toEqual over 8 MB takes minutes.)
    expect(Buffer.from(await whole.arrayBuffer()).equals(original)).toBe(true);
  }, 20_000);

  it('answers ?w= from a full resize queue without reading the original', async () => {
    let reads = 0;
    const counting: ImageStore = {
      ...store,
      get: (n) => {
        reads += 1;
        return store.get(n);
      },
    };
    const release: Array<() => void> = [];
    const service = renditions(counting, {
      resize: async (bytes) => {
        await new Promise<void>((resolve) => release.push(resolve));
        return bytes.subarray(0, 10);
      },
    });
    const names = await Promise.all(Array.from({ length: 12 }, () => store.put(bigPng(), 'image/png')));
    const answers = names.map((each) => service.get(each, 480));
    const busy = await Promise.all(answers.slice(8));
    expect(busy.every((answer) => answer?.kind === 'original')).toBe(true);
    // Only the one resize that is running has read its original (8 MB); the 11 others read nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(1);
    const pump = setInterval(() => release.shift()?.(), 2);
    await Promise.all(answers);
    clearInterval(pump);
    expect(reads).toBe(8);
  });

  it('gives one client address at most its share of the open originals', () => {
    // (How slots are shared out once all are taken: image-slots-are-shared-per-address.test.ts.)
    const slots = new ClientSlots(3, 2);
    const a1 = slots.take('203.0.113.1');
    expect(a1).not.toBeNull();
    expect(slots.take('203.0.113.1')).not.toBeNull();
    expect(slots.take('203.0.113.1')).toBeNull();
    expect(slots.take('198.51.100.7')).not.toBeNull();
    a1!();
    a1!(); // giving back twice frees one slot, not two
    expect(slots.take('192.0.2.9')).not.toBeNull();
    expect(slots.inUse).toBe(3);
    expect(slots.take('203.0.113.1')).toBeNull(); // all 3 taken, each address within one of the others
  });
});
