/**
 * Holding the original-image slots: STALLED_ADDRESSES addresses (default 16)
 * × STALLED_PER_ADDRESS stalled readers each (default 8), each reader taking
 * the status line and then nothing, and reopened every
 * STALLED_REOPEN_SECONDS (default 30) — while a visitor from another address,
 * once every reader has been answered, asks for the same original every 500 ms
 * and reads it in full. Addresses
 * arrive as X-Forwarded-For behind TRUST_PROXY=1. Prints, for this checkout
 * and — with STALLED_BASE_ROOT — another one side by side: what the attackers'
 * readers were answered, what the visitor got, and the slots in use
 * (`roamly_open_originals`, where the server has it).
 *
 *   npx tsx scripts/bench/stalled-image-readers.ts
 *   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   STALLED_BASE_ROOT=/tmp/base npx tsx scripts/bench/stalled-image-readers.ts
 *   STALLED_ADDRESSES=32 STALLED_SECONDS=90 …
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { freePort, startServer } from '../../tests/e2e/support/server-process.ts';

const addresses = Number(process.env.STALLED_ADDRESSES ?? 16);
const perAddress = Number(process.env.STALLED_PER_ADDRESS ?? 8);
const seconds = Number(process.env.STALLED_SECONDS ?? 60);
const reopenSeconds = Number(process.env.STALLED_REOPEN_SECONDS ?? 30);
const here = resolve(join(import.meta.dirname, '..', '..'));
const base = process.env.STALLED_BASE_ROOT ? resolve(process.env.STALLED_BASE_ROOT) : null;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A valid ~8 MB PNG of noise (incompressible, so kept as it is by the upload). */
function bigPng(): Buffer {
  const width = 1600;
  const height = 1700;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  randomBytes(rows.length).copy(rows);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 0 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A reader that takes the status line and then nothing; resolves with the status. */
function stalledReader(port: number, path: string, address: string): { socket: Socket; status: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  const status = new Promise<number>((done) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      done(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
    });
    socket.once('close', () => done(0));
  });
  return { socket, status };
}

async function openSlots(metricsPort: number): Promise<number | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const match = /^roamly_open_originals(?:\{[^}]*\})? (\d+)/m.exec(text);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

interface Run {
  attackerAnswers: Record<number, number>;
  visitor: Record<number, number>;
  slots: number[];
}

async function run(root: string): Promise<Run> {
  const metricsPort = await freePort();
  const server = await startServer(
    { WORKERS: '1', TRUST_PROXY: '1', LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) },
    120_000,
    [],
    { root, discardOutput: true },
  );
  const readers: Socket[] = [];
  try {
    const login = await fetch(`${server.baseURL}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'promoter@example.com', password: 'demo-password-1' }),
    });
    const { access } = (await login.json()) as { access: string };
    const body = new FormData();
    body.set('title', 'Stalled reader target');
    body.set('cover_image', new File([new Uint8Array(bigPng())], 'big.png', { type: 'image/png' }));
    const created = await fetch(`${server.baseURL}/api/events/create/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access}` },
      body,
    });
    if (created.status !== 201) throw new Error(`Upload failed: ${created.status} ${await created.text()}`);
    const path = new URL(((await created.json()) as { cover_image: string }).cover_image).pathname;

    const attackerAnswers: Record<number, number> = {};
    const visitor: Record<number, number> = {};
    const slots: number[] = [];
    const until = Date.now() + seconds * 1000;

    const attacker = async (n: number) => {
      const address = `198.51.100.${n + 1}`;
      while (Date.now() < until) {
        const round = Array.from({ length: perAddress }, () => stalledReader(server.port, path, address));
        for (const reader of round) {
          readers.push(reader.socket);
          const status = await reader.status;
          attackerAnswers[status] = (attackerAnswers[status] ?? 0) + 1;
        }
        await sleep(Math.min(reopenSeconds * 1000, until - Date.now()));
        for (const reader of round) reader.socket.destroy();
      }
    };
    const answered = () => Object.values(attackerAnswers).reduce((a, b) => a + b, 0);
    const visit = async () => {
      // The visitor comes once the attack is in place.
      while (answered() < addresses * perAddress && Date.now() < until) await sleep(50);
      while (Date.now() < until) {
        const answer = await fetch(`${server.baseURL}${path}`, { headers: { 'X-Forwarded-For': '192.0.2.1' } });
        await answer.arrayBuffer();
        visitor[answer.status] = (visitor[answer.status] ?? 0) + 1;
        await sleep(500);
      }
    };
    const sample = async () => {
      while (Date.now() < until) {
        const open = await openSlots(metricsPort);
        if (open !== null) slots.push(open);
        await sleep(1000);
      }
    };
    await Promise.all([...Array.from({ length: addresses }, (_, n) => attacker(n)), visit(), sample()]);
    return { attackerAnswers, visitor, slots };
  } finally {
    for (const socket of readers) socket.destroy();
    await server.stop();
  }
}

const runs: [string, Run][] = [];
if (base) runs.push([`before (${base})`, await run(base)]);
runs.push([`after (${here})`, await run(here)]);

console.log(
  `${addresses} addresses × ${perAddress} stalled readers, reopened every ${reopenSeconds} s, for ${seconds} s; one visitor from another address`,
);
for (const [label, result] of runs) {
  const sorted = [...result.slots].sort((a, b) => a - b);
  const slots = sorted.length
    ? `median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`
    : 'n/a (no roamly_open_originals gauge)';
  const asked = Object.values(result.visitor).reduce((a, b) => a + b, 0);
  console.log(label);
  console.log(`  attackers' readers answered: ${JSON.stringify(result.attackerAnswers)}`);
  console.log(`  visitor answered: ${JSON.stringify(result.visitor)} (${result.visitor[200] ?? 0} of ${asked} served)`);
  console.log(`  original-image slots in use (per second): ${slots}`);
}
