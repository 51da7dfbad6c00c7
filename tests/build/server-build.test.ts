/**
 * The production server build (decision 013): `npm run build`
 * bundles the server (vite.server.config.ts) into dist-server/, plain
 * JavaScript that runs with `node` alone — no tsx, no TypeScript — carrying
 * its SQL migrations; `npm run migrate` and `npm run keys:rotate` work from
 * it. This tests that build, the one `npm start` runs: it is made here only
 * when it is missing or its inputs changed (as `npm start` would).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsHash, stampedHash } from '../../scripts/build-inputs.mjs';
import { EXTERNAL } from '../../vite.server.config.ts';
import { startSmtpSink, type Received } from '../support/smtp-sink.ts';

const root = join(import.meta.dirname, '..', '..');
const out = join(root, 'dist-server');
const dataDir = mkdtempSync(join(tmpdir(), 'roamly-built-'));
// debug: the probe this test follows is logged at debug (deploy.md §7).
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', LOG_LEVEL: 'debug' };

function runNode(args: string[]) {
  // No --import: whatever runs here runs without tsx.
  return spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
}

beforeAll(() => {
  if (buildIsCurrent('server', out)) return;
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.server.config.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 240_000,
    },
  );
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
}, 250_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is one folder of plain JavaScript with the migrations, stamped with the hash of its inputs', () => {
    const files = readdirSync(out, { recursive: true }) as string[];
    for (const entry of ['index.js', 'migrate.js', 'rotate-keys.js', 'media-copy.js']) expect(files).toContain(entry);
    expect(files).toContain(join('migrations', '010-stateless.sql'));
    expect(files.filter((file) => /\.tsx?$/.test(file))).toEqual([]);
    // Chunks sit beside the entries: a module that finds files next to itself (the migrations) finds them.
    expect(files.filter((file) => file.endsWith('.js') && file.includes('/'))).toEqual([]);
    expect(stampedHash(out)).toBe(inputsHash('server'));
  });

  it('imports only Node built-ins and the external packages: the rest is bundled, with its licences', () => {
    const production = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies,
    );
    const asked = new Set<string>();
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(out, file), 'utf8');
      for (const [, specifier] of code.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"'.][^"']*)["']/gm))
        asked.add(specifier!);
      for (const [, specifier] of code.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g)) asked.add(specifier!);
    }
    const packages = [...asked]
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    expect(packages.filter((name) => !EXTERNAL.includes(name))).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['pg', 'pino', '@node-rs/argon2']));
    // The external ones are what a production install holds (contract §3).
    for (const name of EXTERNAL) expect(production).toContain(name);
    // The bundled ones are named for the release's pruning, and their licences ship with them.
    const bundled = JSON.parse(readFileSync(join(out, 'bundled.json'), 'utf8')) as string[];
    const licences = readFileSync(join(out, 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const name of [
      'react',
      'react-dom',
      'hono',
      '@hono/node-server',
      'valibot',
      'jose',
      'nodemailer',
      'prom-client',
    ]) {
      expect(bundled).toContain(name);
      expect(licences).toMatch(new RegExp(`^${name}@[\\d.]+ \\((?:MIT|Apache-2\\.0)(?:-0)?\\)$`, 'm'));
    }
    // React's production build only (the server's own code still reads NODE_ENV at run time).
    const code = readdirSync(out)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .join('\n');
    expect(code).not.toContain('react-dom-server.node.development');
    expect(code).toContain('env.NODE_ENV || (developmentCheckout()');
  });

  it('migrates and rotates keys from the command line with node only', () => {
    const migrated = runNode([join(out, 'migrate.js')]);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/"msg":"Applied migrations: 001-users\.sql, .*010-stateless\.sql/);
    const again = runNode([join(out, 'migrate.js')]);
    expect(again.stdout).toContain('"msg":"The database is up to date."');
    const rotated = runNode([join(out, 'rotate-keys.js')]);
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/"msg":"New signing key [\w-]+; retired 1, deleted 0\."/);
  }, 240_000);

  it('is what npm run migrate runs in production, without a rebuild while its inputs are unchanged', () => {
    const migrated = spawnSync(process.execPath, ['scripts/server-entry.mjs', 'server/cli/migrate.ts'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://roamly.example.com', MAIL: 'log' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).not.toContain('Building the server');
    expect(migrated.stdout).toContain('"msg":"The database is up to date."');
  }, 120_000);

  it('serves: ready, with JSON request logs, mail and listing pages', async () => {
    const mail: Received[] = [];
    const smtp = await startSmtpSink(mail);
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const child = spawn(process.execPath, [join(out, 'index.js')], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        GOOGLE_PLACES_KEY: 'unused',
        SEED_DEMO: '1',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let ready: Response | null = null;
      for (let i = 0; i < 240 && ready?.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`, {
          headers: { 'X-Request-Id': 'built-server-check' },
        }).catch(() => null);
      }
      expect(ready?.status, output).toBe(200);
      await expect.poll(() => output, { timeout: 5000 }).toContain('"reqId":"built-server-check"');
      const line = output.split('\n').find((l) => l.includes('"reqId":"built-server-check"'))!;
      expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/api/ready', status: 200 });

      // Registration mails its code through the bundled nodemailer.
      const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'built@example.com',
          password: 'correct-horse-1',
          full_name: 'Built Server',
          display_name: 'built',
          user_type: 'business',
          is_promoter: false,
        }),
      });
      expect(registered.status, await registered.clone().text()).toBe(201);
      await expect.poll(() => mail.length, { timeout: 10_000 }).toBe(1);
      expect(mail[0]!.to.join()).toContain('built@example.com');

      // A public listing page renders through the bundled React.
      const index = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`)).text();
      const firstFile = new URL(/<loc>([^<]*)<\/loc>/.exec(index)![1]!).pathname;
      const sitemap = await (await fetch(`http://127.0.0.1:${port}${firstFile}`)).text();
      const listing = /<loc>[^<]*?(\/e\/\d+\/[^<]*)<\/loc>/.exec(sitemap)?.[1];
      expect(listing, sitemap).toBeTruthy();
      const page = await fetch(`http://127.0.0.1:${port}${listing}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      smtp.server.close();
    }
  }, 180_000);
});
