/**
 * `server/index.ts` as a real process, as `npm start` runs it in development
 * (the bundle of the current sources, else the source through tsx), for tests
 * of how it starts, fails and stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
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
