/**
 * `server/index.ts` as a real process, as `npm start` runs it in development
 * (the bundle of the current sources, else the source through tsx), for tests
 * of how it starts, fails and stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentSourceCommand } from '../../scripts/server-entry.mjs';
import { migratedDataDir } from './migrated-data-dir.ts';

const root = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** Resolves once it logged that it is ready; rejects if it exits first. */
  ready: Promise<void>;
}

/** Data directories made by baseEnv, removed when the process that used them exits. */
const ownDataDirs = new Set<string>();

/**
 * Environment that isolates the process from the test's own: a DATA_DIR of its
 * own, its database already migrated (tests/support/migrated-data-dir.ts), and no database URL.
 */
export async function baseEnv(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  // Migrated only: these processes never load the gazetteer (GOOGLE_PLACES_KEY below), so the
  // as-started copy would be 96 MB copied for nothing instead of 40.
  const dataDir = await migratedDataDir('roamly-proc-', 'migrated');
  ownDataDirs.add(dataDir);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    GOOGLE_PLACES_KEY: 'unused', // skip loading the gazetteer (~5 s)
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export function startServer(env: NodeJS.ProcessEnv): ServerProcess {
  // The server as its sources are now: their bundle when there is one (a fifth of tsx's start-up CPU).
  const child = spawn(process.execPath, currentSourceCommand('server/index.ts'), {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      // A data directory baseEnv made (a copy of a migrated database) goes with its process.
      const dataDir = env.DATA_DIR;
      if (dataDir && ownDataDirs.delete(dataDir)) rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => output, exited, ready };
}

/** An instance of the server on PostgreSQL: one API process with a DATA_DIR of its own. */
export interface PostgresInstance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

/**
 * Starts an instance on `databaseUrl` and resolves once `/api/ready` answers 200
 * (migrations applied, the signing key agreed). `env` adds to or overrides the
 * defaults: test mode, no JWT_SECRET (the database key ring), no S3, no demo data.
 */
export async function startPostgresInstance(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<PostgresInstance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `roamly-${name}-`));
  const child = spawn(process.execPath, currentSourceCommand('server/index.ts'), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      JWT_SECRET: '',
      MEDIA_S3_URL: '',
      SEED_DEMO: '',
      CHAOS: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      GOOGLE_PLACES_KEY: 'unused', // the place search is not under test: skip loading the gazetteer
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${output}`);
    if ((await fetch(`${base}/api/ready`).catch(() => null))?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`instance ${name} not ready in 90 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, port, base, child, dataDir, output: () => output };
}

/** Stops an instance (`signal`, SIGTERM by default) if it still runs, and removes its DATA_DIR. */
export async function stopPostgresInstance(instance: PostgresInstance, signal: NodeJS.Signals = 'SIGTERM') {
  const { child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}
