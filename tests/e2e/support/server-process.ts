/**
 * Starts a private Roamly server for one spec, with its own environment (a short
 * ACCESS_TOKEN_TTL, CHAOS fault injection, …), a free port and a data directory
 * of its own (its database already migrated), and stops it afterwards. Reusable by any spec:
 *
 *   const server = await startServer({ ACCESS_TOKEN_TTL: '3' });
 *   await page.goto(`${server.baseURL}/dashboard`);
 *   await server.stop();
 *
 * It runs the server entry (what `node scripts/start.mjs` runs after its build
 * step) against the build Playwright's own webServer has just made: other people
 * edit sources while the suite runs, and a second build into the same directory
 * would race with the first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { currentSourceCommand } from '../../../scripts/server-entry.mjs';
import { migratedDataDir } from '../../support/migrated-data-dir.ts';

export interface RunningServer {
  baseURL: string;
  port: number;
  /** The server process (benchmarks read its memory). */
  pid: number;
  dataDir: string;
  /** Everything the server printed (mail goes to the log too). */
  output(): string;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${log()}`);
}

/** What benchmarks change about the process (tests use the defaults). */
export interface ServerProcessOptions {
  /** Another checkout's server (side-by-side runs against an older commit). */
  root?: string;
  /** Node flags before the entry (e.g. `--cpu-prof`). */
  nodeArgs?: readonly string[];
  /** Use this data directory, and keep it (the caller seeded it); else a new one, removed at stop. */
  dataDir?: string;
  /** Keep no copy of the output (a benchmark's request log would grow without bound). */
  discardOutput?: boolean;
}

/**
 * Starts a server with SEED_DEMO=1 plus `env`; resolves once /api/health answers.
 * `preload`: modules the server process imports first (e.g. a benchmark's own limits).
 */
export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  preload: readonly string[] = [],
  options: ServerProcessOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const serverRoot = options.root ?? root;
  // This checkout's server starts on a migrated copy (tests/support/migrated-data-dir.ts);
  // another checkout's (a benchmark's base) migrates its own.
  const dataDir =
    options.dataDir ??
    (serverRoot === root ? await migratedDataDir('roamly-e2e-own-') : mkdtempSync(join(tmpdir(), 'roamly-e2e-own-')));
  let log = '';
  // This checkout's server as its sources are now (their bundle when there is one: a fifth of
  // tsx's start-up CPU); another checkout's, or one with preloaded TypeScript, through tsx.
  const entry =
    serverRoot === root && preload.length === 0
      ? currentSourceCommand('server/index.ts')
      : [...['tsx', ...preload].flatMap((module) => ['--import', module]), join(serverRoot, 'server/index.ts')];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ROAMLY_DIST: resolve(root, process.env.ROAMLY_DIST ?? 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    // Start-up lines are kept either way, so a failed start can say why.
    if (!options.discardOutput || !started) log += chunk.toString();
  };
  let started = false;
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`${baseURL}/api/health`, child, () => log, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  return { baseURL, port, pid: child.pid!, dataDir, output: () => log, stop };
}
