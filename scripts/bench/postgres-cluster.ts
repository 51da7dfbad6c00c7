/**
 * A private PostgreSQL cluster for a benchmark, in a new temporary directory
 * on a free port, stopped (and removed) by `stop()`.
 *
 * - `durable`: PostgreSQL's defaults — fsync, synchronous_commit and
 *   full_page_writes on — what an operator runs, so the figures about writes
 *   include the WAL flush every commit waits for.
 * - `test`: the settings of .ci/start-postgres (fsync, synchronous_commit
 *   and full_page_writes off) — right for tests, reported only as a labelled
 *   extra column.
 *
 * Both allow 300 connections (the product's pools plus the DRF workers).
 * As root the server runs as the `postgres` user (initdb refuses root).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/e2e/support/server-process.ts';

export type ClusterSetting = 'durable' | 'test';

export interface Cluster {
  setting: ClusterSetting;
  /** postgres://…/postgres — the maintenance database (create your own), over TCP on 127.0.0.1. */
  url: string;
  /** The same server over its Unix socket: `?host=` names the socket's directory. */
  socketUrl: string;
  stop(): void;
}

const TEST_SETTINGS = ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'];

function binDir(): string {
  if (existsSync('/usr/lib/postgresql/15/bin/initdb')) return '/usr/lib/postgresql/15/bin';
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('PostgreSQL is not installed (apt-get install postgresql).');
  return found.replace(/\/initdb$/, '');
}

function run(command: string, args: string[]): void {
  const asRoot = userInfo().uid === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * `statements`: load pg_stat_statements (planning tracked too), so a run can
 * say where the database's time goes per statement (BENCH_PG_STATEMENTS=1).
 */
export async function startCluster(setting: ClusterSetting, statements = false): Promise<Cluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), `roamly-bench-pg-${setting}-`));
  if (userInfo().uid === 0) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    ...(setting === 'test' ? TEST_SETTINGS : []),
    ...(statements
      ? [
          '-c shared_preload_libraries=pg_stat_statements',
          '-c pg_stat_statements.track_planning=on',
          ...(process.env.BENCH_PG_TRACK_ALL ? ['-c pg_stat_statements.track=all'] : []),
        ]
      : []),
  ].join(' ');
  run(join(bin, 'pg_ctl'), [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  return {
    setting,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
