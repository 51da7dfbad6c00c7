/**
 * The slow-reader attack (clients that read answers a byte at a time) against a real server
 * process: one public ~10 MB image, SLOW_READERS connections (default 200)
 * that read the status line and then (almost) nothing, while a prober times `/api/health` every
 * 100 ms. Prints health p50/p99/max, the server's RSS growth (peak over the
 * run and at its end) and what the readers met (200, 503, cut by the server).
 * Goals: health p99 ≤ 50 ms, RSS growth ≤ 100 MB.
 *
 *   npx tsx scripts/bench/slow-readers.ts                         # PGlite, media on disk
 *   DATABASE_URL=… npx tsx scripts/bench/slow-readers.ts          # PostgreSQL, media in PostgreSQL
 *   SLOW_S3=1 [DATABASE_URL=…] npx tsx scripts/bench/slow-readers.ts  # media in S3 (s3rver on loopback)
 *   SLOW_ROOT=.tmp/base npx tsx scripts/bench/slow-readers.ts     # the same attack on another checkout
 *   SLOW_READERS=100 SLOW_SECONDS=40 …
 *
 * The server runs as one process (WORKERS=1) with a fresh DATA_DIR; with
 * DATABASE_URL use a fresh database. A reader of "a byte a second" cannot be
 * made from Node directly: a paused socket that gives up one byte refills its
 * 16 KB buffer from the kernel, up to 64 KB at a time, so it would read
 * ~64 KB/s. Instead each reader takes the status line and stops: its buffers
 * and the kernel's fill, and the server can send no more — what a byte a
 * second looks like from the server within any 30 s.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { startServer } from '../../tests/e2e/support/server-process.ts';
import { startLocalS3, type LocalS3 } from '../../tests/support/s3-server.ts';

const root = resolve(process.env.SLOW_ROOT ?? join(import.meta.dirname, '..', '..'));
const readers = Number(process.env.SLOW_READERS ?? 200);
const seconds = Number(process.env.SLOW_SECONDS ?? 50);
const IMAGE_BYTES = 10_171_000; // 9.7 MB, a multiple of 4

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A PNG of ~9.7 MB (one IDAT of incompressible bytes): kept as it is by the upload's metadata stripping. */
function bigPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4000, 0);
  ihdr.writeUInt32BE(4000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const idat = Buffer.alloc(IMAGE_BYTES - 100);
  for (let i = 0; i < idat.length; i += 4) idat.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

interface Reader {
  status: number | null;
  received: number;
  closedByServer: boolean;
  /** Ended by this script at the end of the run. */
  stopped: boolean;
  socket: Socket;
}

function slowReader(port: number, path: string): Reader {
  const socket = connect(port, '127.0.0.1');
  const reader: Reader = { status: null, received: 0, closedByServer: false, stopped: false, socket };
  socket.on('error', () => undefined);
  socket.once('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
  socket.pause();
  // The status line arrives first: read it once, then nothing more.
  const takeHead = () => {
    if (reader.status !== null) return;
    const head = socket.read(64) as Buffer | null;
    if (!head) return;
    reader.received += head.length;
    reader.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString('latin1'))?.[1] ?? 0);
    socket.off('readable', takeHead);
  };
  socket.on('readable', takeHead);
  socket.once('close', () => {
    if (!reader.stopped) reader.closedByServer = true;
  });
  return reader;
}

async function main() {
  let s3: LocalS3 | null = null;
  if (process.env.SLOW_S3) s3 = await startLocalS3();
  const env: Record<string, string> = { WORKERS: '1', LOG_LEVEL: 'warn' };
  if (s3) env.MEDIA_S3_URL = s3.url;
  const server = await startServer(env, 120_000, [], { root, discardOutput: true });
  const base = server.baseURL;
  const port = server.port;
  const store = s3 ? 's3' : process.env.DATABASE_URL ? 'postgres' : 'disk';
  const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  try {
    const login = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'promoter@example.com', password: 'demo-password-1' }),
    });
    const { access } = (await login.json()) as { access: string };
    const body = new FormData();
    body.set('title', 'Slow reader target');
    body.set('cover_image', new File([new Uint8Array(bigPng())], 'big.png', { type: 'image/png' }));
    const created = await fetch(`${base}/api/events/create/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      body,
    });
    if (created.status !== 201) throw new Error(`Upload failed: ${created.status} ${await created.text()}`);
    const path = new URL(((await created.json()) as { cover_image: string }).cover_image).pathname;
    // One full read first, so what a single request loads is in the baseline.
    const full = await fetch(`${base}${path}`);
    const size = (await full.arrayBuffer()).byteLength;
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = rssMb(server.pid);

    const healthMs: number[] = [];
    let healthFailures = 0;
    let rssPeak = rssBefore;
    const deadline = Date.now() + seconds * 1000;
    const all: Reader[] = [];
    for (let i = 0; i < readers; i++) all.push(slowReader(port, path));
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 500);
    while (Date.now() < deadline) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (!response.ok) healthFailures += 1;
        healthMs.push(performance.now() - started);
      } catch {
        healthFailures += 1;
        healthMs.push(10_000);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    clearInterval(sampler);
    const rssEnd = rssMb(server.pid);
    // A paused socket does not report the server's hang-up until its buffers are read: read
    // them now; a reader the server cut ends short of the image, one it kept gets the rest.
    await Promise.all(
      all.map(
        (reader) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 5_000);
            reader.socket.on('data', (chunk: Buffer) => (reader.received += chunk.length));
            reader.socket.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            reader.socket.resume();
          }),
      ),
    );
    const count = (test: (r: Reader) => boolean) => all.filter(test).length;
    const result = {
      checkout: root,
      database: engine,
      media: store,
      imageBytes: size,
      readers,
      seconds,
      healthP50ms: +percentile(healthMs, 50).toFixed(1),
      healthP99ms: +percentile(healthMs, 99).toFixed(1),
      healthMaxMs: +Math.max(...healthMs).toFixed(1),
      healthRequests: healthMs.length,
      healthFailures,
      rssBeforeMb: Math.round(rssBefore),
      rssPeakGrowthMb: Math.round(rssPeak - rssBefore),
      rssEndGrowthMb: Math.round(rssEnd - rssBefore),
      readersServed200: count((r) => r.status === 200),
      readersRefused503: count((r) => r.status === 503),
      readersCutByServer: count((r) => r.status === 200 && r.closedByServer && r.received < size),
    };
    for (const reader of all) {
      reader.stopped = true;
      reader.socket.destroy();
    }
    console.log(JSON.stringify(result));
  } finally {
    await server.stop();
    await s3?.stop();
  }
}

await main();
