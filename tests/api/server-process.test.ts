/**
 * `server/index.ts` as `npm start` runs it: a real process on a real socket,
 * with SEED_DEMO and CHAOS. Proves the wiring the in-process tests cannot:
 * the signing key kept in the database (not DATA_DIR), the demo accounts, a CHAOS drop
 * that really closes the connection after applying the write. In the
 * api-postgres project it runs on PostgreSQL with two worker processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client.ts';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { usesPostgres } from './support/test-app.ts';
import { currentSourceCommand } from '../../scripts/server-entry.mjs';

let child: ChildProcess;
let base: string;
let dataDir: string;
/** Everything the server printed (mail is printed too). */
let output = '';
let dropSchema = async () => {};

/** On PostgreSQL: a fresh schema, reached through the URL's `options` parameter. */
async function databaseUrl(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL;
  if (!usesPostgres() || !url) return '';
  const schema = `process_${Date.now().toString(36)}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  dropSchema = async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  };
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = await migratedDataDir('roamly-process-');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, currentSourceCommand('server/index.ts'), {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      CHAOS: 'drop=1',
      JWT_SECRET: '',
      DATABASE_URL: await databaseUrl(),
      WORKERS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}, 60_000);

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await dropSchema();
});

describe('the server process', () => {
  it('keeps its signing key in the database, not in DATA_DIR, and names it in each token', async () => {
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    const res = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'demo-password-1' }),
    });
    const { access } = (await res.json()) as { access: string };
    expect(decodeProtectedHeader(access).kid).toEqual(expect.any(String));
  });

  it('serves the demo accounts (login is spared by CHAOS)', async () => {
    const res = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'promoter@example.com', password: 'demo-password-1' }),
    });
    expect(res.status).toBe(200);
  });

  it('CHAOS drop applies a write, then closes the connection without an answer', async () => {
    const message = `Dropped on purpose ${Date.now()}`;
    await expect(
      fetch(`${base}/api/auth/report-issue/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message }),
      }),
    ).rejects.toThrow();
    // The support inbox is not in the dev mailbox; every mail is also printed to the log.
    await expect.poll(() => output.split(message).length - 1).toBe(1);
  });
});
