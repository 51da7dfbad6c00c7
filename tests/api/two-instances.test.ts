/**
 * Two instances, one PostgreSQL (contract §3 "several instances
 * behave as one"): two real server processes (`server/index.ts`, one API
 * process each, separate DATA_DIRs, no JWT_SECRET) on one database, behind a
 * round-robin proxy on loopback. Consecutive requests land on different
 * instances, so every step below crosses from one to the other.
 *
 * Needs a real PostgreSQL: it runs in the `api-postgres` Vitest project, which
 * exists when TEST_DATABASE_URL is set (CI: .ci/run starts one with
 * .ci/start-postgres). Locally:
 *   TEST_DATABASE_URL="$(.ci/start-postgres)" npx vitest run --project api-postgres tests/api/two-instances.test.ts
 */
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.ts';
import { PNG_1PX, call, form, pngFile, signUp, type Account, type Sent } from './support/api-client.ts';
import { usesPostgres, type TestApp } from './support/test-app.ts';
import { startPostgresInstance, stopPostgresInstance, type PostgresInstance } from '../support/server-process.ts';

const enabled = usesPostgres();
if (!enabled) {
  console.info(
    'two-instances.test.ts skipped: it needs a real PostgreSQL. Run it with ' +
      'TEST_DATABASE_URL="$(.ci/start-postgres)" npx vitest run --project api-postgres tests/api/two-instances.test.ts',
  );
}

let admin: Db;
let schema: string;
let proxy: RoundRobinProxy;
const instances: PostgresInstance[] = [];

/** The proxy as an "app" for the API test helpers (they call `app.request(path, init)`). */
function viaProxy(): TestApp['app'] {
  return { request: (path: string, init?: RequestInit) => fetch(proxy.url + path, init) } as TestApp['app'];
}

async function send(method: string, path: string, options: Parameters<typeof call>[3] = {}) {
  const sent = await call(viaProxy(), method, path, options);
  return { ...sent, upstream: sent.headers.get('x-upstream') };
}

/** Sends until the next request will land on `name` (round robin), so a step can pick its instance. */
async function nextGoesTo(name: string) {
  for (let i = 0; i < 3; i++) {
    const probe = await send('GET', '/api/health');
    if (probe.upstream !== name) return;
  }
  throw new Error(`could not steer to ${name}`);
}

beforeAll(async () => {
  if (!enabled) return;
  const url = process.env.TEST_DATABASE_URL!;
  schema = `two_${Date.now().toString(36)}`;
  admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  // Both start at once: migrations and the first signing key must not race.
  instances.push(
    ...(await Promise.all([
      startPostgresInstance('A', withSchema.toString()),
      startPostgresInstance('B', withSchema.toString()),
    ])),
  );
  proxy = await startRoundRobinProxy(instances.map(({ name, port }) => ({ name, port })));
}, 200_000);

afterAll(async () => {
  await proxy?.close();
  for (const instance of instances) await stopPostgresInstance(instance);
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}, 60_000);

describe.runIf(enabled)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  let account: Account;

  it('created exactly one signing key between them, and the proxy alternates', async () => {
    const keys = await admin.query<{ kid: string }>(`SELECT kid FROM ${schema}.signing_keys`);
    expect(keys.rows).toHaveLength(1);
    const served = [];
    for (let i = 0; i < 4; i++) served.push((await send('GET', '/api/health')).upstream);
    expect(new Set(served)).toEqual(new Set(['A', 'B']));
    expect(served[0]).not.toBe(served[1]);
  });

  it('sign in on A, work on B', async () => {
    account = await signUp(viaProxy()); // register, mailbox and verify cross instances already
    await nextGoesTo('A');
    const login = await send('POST', '/api/auth/login/', {
      json: { email: account.email, password: account.password },
    });
    expect([login.status, login.upstream]).toEqual([200, 'A']);
    expect(decodeProtectedHeader(login.body.access).kid).toBe(
      (await admin.query<{ kid: string }>(`SELECT kid FROM ${schema}.signing_keys`)).rows[0]!.kid,
    );
    const profile = await send('GET', '/api/auth/profile/', { token: login.body.access });
    expect([profile.status, profile.upstream, profile.body.email]).toEqual([200, 'B', account.email]);
    const created = await send('POST', '/api/events/create/', {
      token: login.body.access,
      form: form({ title: 'Made on A' }),
    });
    expect([created.status, created.upstream]).toEqual([201, 'A']);
    const updated = await send('PUT', `/api/events/${created.body.id}/update/`, {
      token: login.body.access,
      headers: { 'If-Match': String(created.body.version) },
      form: form({ title: 'Changed on B' }),
    });
    expect([updated.status, updated.upstream, updated.body.title]).toEqual([200, 'B', 'Changed on B']);
  }, 60_000);

  it('upload on A, image served by B (immutable)', async () => {
    await nextGoesTo('A');
    const uploaded = await send('PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ profile_image: pngFile('me.png') }),
    });
    expect([uploaded.status, uploaded.upstream]).toEqual([200, 'A']);
    const res = await fetch(proxy.url + new URL(uploaded.body.profile_image as string).pathname);
    expect([res.status, res.headers.get('x-upstream')]).toEqual([200, 'B']);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1PX);
  }, 30_000);

  it('rate limits count across instances (failed logins lock the account after 10, wherever they land)', async () => {
    const victim = await signUp(viaProxy());
    const answers: Sent[] = [];
    const landed = new Set<string | null>();
    for (let i = 0; i < 11; i++) {
      const attempt = await send('POST', '/api/auth/login/', {
        json: { email: victim.email, password: 'wrong-guess' },
      });
      answers.push(attempt);
      landed.add(attempt.upstream);
    }
    expect(landed).toEqual(new Set(['A', 'B']));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);

  it('idempotency keys are honoured by the other instance', async () => {
    const key = `two-instances-${Date.now()}`;
    const first = await send('POST', '/api/events/create/', {
      token: account.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Exactly once' }),
    });
    const again = await send('POST', '/api/events/create/', {
      token: account.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Exactly once' }),
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.upstream).not.toBe(first.upstream);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const listed = await send('GET', '/api/events/user/', { token: account.access });
    expect(listed.body.filter((e: { title: string }) => e.title === 'Exactly once')).toHaveLength(1);
  });

  it('refresh rotation and reuse detection hold when the refreshes land on different instances', async () => {
    const first = account.refresh;
    const rotated = await send('POST', '/api/auth/refresh/', { json: { refresh: first } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).toEqual(expect.any(String));
    expect(rotated.body.refresh).not.toBe(first);
    // A lost answer: the same token again, through the other instance, within the grace window.
    const retried = await send('POST', '/api/auth/refresh/', { json: { refresh: first } });
    expect(retried.upstream).not.toBe(rotated.upstream);
    expect(retried.status).toBe(200);
    // The same successor as the lost answer (one chain), whichever instance answers.
    expect(retried.body.refresh).toBe(rotated.body.refresh);
    const next = await send('POST', '/api/auth/refresh/', { json: { refresh: retried.body.refresh } });
    expect(next.status).toBe(200);
    // The stolen copy of the first token comes back through the other instance after its successor was used…
    const reused = await send('POST', '/api/auth/refresh/', { json: { refresh: first } });
    expect(reused.upstream).not.toBe(next.upstream);
    expect(reused.status).toBe(401);
    // …which revokes the whole family, on every instance.
    const afterReuse = await send('POST', '/api/auth/refresh/', { json: { refresh: next.body.refresh } });
    expect(afterReuse.status).toBe(401);
  });

  it('an instance killed (SIGKILL) mid-write loses nothing it acknowledged', async () => {
    const writer = await signUp(viaProxy());
    const victim = instances.find((i) => i.name === 'A')!;
    let killed = false;
    const acknowledged: { id: number; upstream: string | null }[] = [];
    const failed: number[] = [];
    const writes = Array.from({ length: 40 }, async (_, i) => {
      // Stagger a little so the kill falls in the middle of the stream.
      await new Promise((resolve) => setTimeout(resolve, i * 15));
      const res = await send('POST', '/api/events/create/', {
        token: writer.access,
        form: form({ title: `Write ${i}`, cover_image: pngFile(`w${i}.png`) }),
      }).catch(() => null);
      if (res?.status === 201) {
        acknowledged.push({ id: res.body.id as number, upstream: res.upstream });
        if (!killed && res.upstream === 'A' && acknowledged.filter((a) => a.upstream === 'A').length >= 3) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      } else {
        failed.push(res?.status ?? 0);
      }
    });
    await Promise.all(writes);
    expect(killed).toBe(true);
    await new Promise((resolve) =>
      victim.child.exitCode !== null || victim.child.signalCode !== null
        ? resolve(null)
        : victim.child.once('exit', resolve),
    );
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(proxy.alive()).toEqual(['B']);
    expect(acknowledged.filter((a) => a.upstream === 'A').length).toBeGreaterThanOrEqual(3);
    // Nothing acknowledged is missing (read through B, the survivor), covers included.
    const listed = await send('GET', '/api/events/user/', { token: writer.access });
    expect(listed.upstream).toBe('B');
    const ids = new Set((listed.body as { id: number }[]).map((e) => e.id));
    for (const { id } of acknowledged) expect(ids.has(id)).toBe(true);
    const withCovers = (listed.body as { id: number; cover_image: string | null }[]).filter((e) =>
      acknowledged.some((a) => a.id === e.id),
    );
    for (const event of withCovers.slice(0, 5)) {
      const image = await fetch(proxy.url + new URL(event.cover_image!).pathname);
      expect(image.status).toBe(200);
    }
    // Whatever was not acknowledged failed visibly (the proxy's 502), never as a false success.
    expect(failed.every((status) => status === 502 || status === 0)).toBe(true);
  }, 90_000);
});
