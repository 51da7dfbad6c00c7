/**
 * A PostgreSQL server of the test's own (.ci/start-postgres), which it may stop
 * and start again: for outage tests that must not disturb the shared
 * TEST_DATABASE_URL server. Null when PostgreSQL is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface ThrowawayPostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function pgCtl(dir: string, args: string[]) {
  const bin = existsSync('/usr/lib/postgresql/15/bin/pg_ctl') ? '/usr/lib/postgresql/15/bin/pg_ctl' : 'pg_ctl';
  const command = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', bin] : [bin];
  const run = spawnSync(command[0]!, [...command.slice(1), '-D', join(dir, 'data'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
}

export function startThrowawayPostgres(): ThrowawayPostgres | null {
  const started = spawnSync(join(root, '.ci/start-postgres'), { encoding: 'utf8' });
  if (started.status !== 0) return null;
  const dir = /PostgreSQL running in (\S+) on port/.exec(started.stderr)?.[1];
  if (!dir) throw new Error(`cannot tell where PostgreSQL runs:\n${started.stderr}`);
  const port = /on port (\d+)/.exec(started.stderr)![1]!;
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  return {
    url: started.stdout.trim(),
    stop: () => pgCtl(dir, ['-m', 'immediate', '-w', 'stop']),
    start: () => pgCtl(dir, ['-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options, 'start']),
    destroy: () => {
      try {
        pgCtl(dir, ['-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
