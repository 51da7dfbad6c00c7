/**
 * One promoter could write events as fast as the disk
 * took them. Now writes are limited per account (429 with Retry-After),
 * images count against a per-account quota (413), and images nothing
 * references any more are removed — replaced covers and profile photos,
 * covers of deleted events, covers of failed writes, and (by the sweep) files
 * a crash left between storing them and committing the row.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localImageStore } from '../../../server/services/image-store.ts';
import { storeImage, sweepOrphanImages, SWEEP_GRACE_MS } from '../../../server/services/image-ledger.ts';
import { defaultWritePolicy } from '../../../server/services/write-policy.ts';
import { PNG_1PX, call, form, pngFile, signUp, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The files on disk are what these tests count, so the app stores images there even on
  // PostgreSQL (whose default store is the database): the ledger and the sweep are the same.
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-quota-'));
  t = await startTestApp({ config: { dataDir }, deps: { images: localImageStore(join(dataDir, 'uploads')) } });
});
afterAll(() => t.close());

const mediaPath = (url: string) => new URL(url).pathname;
const served = async (url: string) => (await t.app.request(mediaPath(url))).status;
const storedFiles = () => {
  const dir = join(t.config.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const ledger = async () =>
  (await t.db.query<{ name: string }>('SELECT name FROM stored_images ORDER BY name')).rows.map((r) => r.name);

describe('writes per account', () => {
  it('allows 60 writes a minute, then answers 429 with Retry-After and a sentence, and lets writes in again later', async () => {
    expect(defaultWritePolicy.writesPerMinute).toEqual({ max: 60, windowSeconds: 60 });
    const account = await signUp(t.app, 'subpromoter');
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Busy night' }),
    });
    expect(created.status).toBe(201);
    // Creates, updates, a profile PATCH and a delete all count: 1 + 56 + 1 + 1 + 1 = 60.
    for (let i = 0; i < 56; i++) {
      const res = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
        token: account.access,
        form: form({ title: `Busy night ${i}` }),
      });
      expect(res.status).toBe(200);
    }
    expect(
      (await call(t.app, 'PATCH', '/api/auth/profile/', { token: account.access, json: { bio: 'Hi' } })).status,
    ).toBe(200);
    const other = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'B' }),
    });
    expect(
      (await call(t.app, 'DELETE', `/api/events/${other.body.id}/delete/`, { token: account.access })).status,
    ).toBe(204);

    for (const attempt of [
      call(t.app, 'POST', '/api/events/create/', { token: account.access, form: form({ title: 'One too many' }) }),
      call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
        token: account.access,
        form: form({ title: 'x' }),
      }),
      // As the dashboard sends it: inside the request's transaction the update goes out
      // behind the count without waiting for its answer; the refusal must undo it.
      call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
        token: account.access,
        form: form({ title: 'Sent with a key' }),
        headers: { 'Idempotency-Key': 'over-the-limit-1' },
      }),
      // A keyed create goes out the same way; a form with no title is still a 429 first.
      call(t.app, 'POST', '/api/events/create/', {
        token: account.access,
        form: form({ title: 'Created with a key' }),
        headers: { 'Idempotency-Key': 'over-the-limit-2' },
      }),
      call(t.app, 'POST', '/api/events/create/', {
        token: account.access,
        form: form({ bio: 'No title' }),
        headers: { 'Idempotency-Key': 'over-the-limit-3' },
      }),
      call(t.app, 'DELETE', `/api/events/${created.body.id}/delete/`, { token: account.access }),
      call(t.app, 'PATCH', '/api/auth/profile/', { token: account.access, json: { bio: 'Again' } }),
    ]) {
      const res = await attempt;
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.detail).toMatch(/^You are saving changes faster than we allow\. Please wait \d+ seconds/);
    }
    // Reading is not a write, and no refused write changed anything.
    const mine = await call(t.app, 'GET', '/api/events/user/', { token: account.access });
    expect(mine.status).toBe(200);
    expect(mine.body.map((event: { title: string }) => event.title)).toEqual(['Busy night 55']);
    // Another account is not affected.
    const neighbour = await signUp(t.app, 'subpromoter');
    expect(
      (await call(t.app, 'POST', '/api/events/create/', { token: neighbour.access, form: form({ title: 'Mine' }) }))
        .status,
    ).toBe(201);

    t.clock.advance(61_000);
    const later = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      form: form({ title: 'Calmer now' }),
    });
    expect(later.status).toBe(200);
  });
});

describe('image storage per account', () => {
  it('refuses an image that would take the account past its quota with 413 and a sentence', async () => {
    expect(defaultWritePolicy.imageBytesPerAccount).toBe(200 * 1024 * 1024);
    const small = await startTestApp({ writePolicy: { imageBytesPerAccount: PNG_1PX.length * 2 } });
    try {
      const account = await signUp(small.app, 'business');
      const cover = () => form({ title: 'Cover', cover_image: pngFile() });
      expect(
        (await call(small.app, 'POST', '/api/events/create/', { token: account.access, form: cover() })).status,
      ).toBe(201);
      expect(
        (
          await call(small.app, 'PATCH', '/api/auth/profile/', {
            token: account.access,
            form: form({ profile_image: pngFile() }),
          })
        ).status,
      ).toBe(200);
      const over = await call(small.app, 'POST', '/api/events/create/', { token: account.access, form: cover() });
      expect(over.status).toBe(413);
      expect(over.body.detail).toMatch(
        /^Your images already use \d+ bytes of the \d+ bytes an account can store\. Remove covers/,
      );
      // Nothing was stored for the refused upload, and no event was made.
      expect((await call(small.app, 'GET', '/api/events/user/', { token: account.access })).body).toHaveLength(1);
      const rows = await small.db.query('SELECT name FROM stored_images');
      expect(rows.rows).toHaveLength(2);
      // Removing an image frees its room.
      const list = await call(small.app, 'GET', '/api/events/user/', { token: account.access });
      await call(small.app, 'DELETE', `/api/events/${list.body[0].id}/delete/`, { token: account.access });
      expect(
        (await call(small.app, 'POST', '/api/events/create/', { token: account.access, form: cover() })).status,
      ).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('orphaned images are removed', () => {
  let account: Account;
  beforeAll(async () => {
    account = await signUp(t.app, 'business');
  });

  it('removes replaced covers, covers of deleted events and covers of failed writes, file and record', async () => {
    const before = storedFiles();
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Gig', start_date: '2026-05-01', end_date: '2026-05-02', cover_image: pngFile() }),
    });
    const first = created.body.cover_image as string;
    const replaced = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      form: form({ cover_image: pngFile('second.png') }),
    });
    const second = replaced.body.cover_image as string;
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);

    // A PUT that fails after its cover was stored (dates out of order against the stored start): 400, nothing kept.
    const failed = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      form: form({ end_date: '2026-04-01', cover_image: pngFile('third.png') }),
    });
    expect(failed.status).toBe(400);
    // A stale If-Match: 412, the new cover is not kept either.
    const stale = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      headers: { 'If-Match': '1' },
      form: form({ cover_image: pngFile('fourth.png') }),
    });
    expect(stale.status).toBe(412);
    // Someone else's event: 404, nothing kept.
    const stranger = await signUp(t.app, 'business');
    const notYours = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: stranger.access,
      form: form({ cover_image: pngFile('fifth.png') }),
    });
    expect(notYours.status).toBe(404);
    expect(storedFiles()).toHaveLength(before.length + 1);

    expect(
      (await call(t.app, 'DELETE', `/api/events/${created.body.id}/delete/`, { token: account.access })).status,
    ).toBe(204);
    expect(await served(second)).toBe(404);
    expect(storedFiles()).toEqual(before);
    expect(await ledger()).not.toContain(mediaPath(second).split('/').pop());
  });

  it('removes the replaced profile photo, and the new one when the update fails', async () => {
    const one = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ profile_image: pngFile('me.png') }),
    });
    const two = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ profile_image: pngFile('me-again.png') }),
    });
    expect(await served(one.body.profile_image)).toBe(404);
    expect(await served(two.body.profile_image)).toBe(200);

    // A database failure after the photo was stored (here: the users table refuses the update).
    const files = storedFiles();
    await t.db.exec(`
      CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER refuse_update BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse_update();`);
    try {
      const failed = await call(t.app, 'PATCH', '/api/auth/profile/', {
        token: account.access,
        form: form({ profile_image: pngFile('me-three.png') }),
      });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.exec('DROP TRIGGER refuse_update ON users; DROP FUNCTION refuse_update();');
    }
    expect(storedFiles()).toEqual(files);
  });

  it('sweeps files that a crash left behind between storing them and committing, and keeps referenced ones', async () => {
    const images = localImageStore(join(t.config.dataDir, 'uploads'));
    const row = await t.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [account.email]);
    // What a crashed request leaves: the file and its record, and no row that points at it.
    const orphan = await storeImage(
      { db: t.db, images, clock: t.clock },
      defaultWritePolicy.imageBytesPerAccount,
      Number(row.rows[0]!.id),
      { bytes: PNG_1PX, type: 'image/png' },
    );
    const kept = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Still here', cover_image: pngFile() }),
    });
    expect(await served(`http://x/api/media/${orphan}`)).toBe(200);

    // Too young: a write may still be about to reference it.
    expect(await sweepOrphanImages({ db: t.db, images }, t.clock.now())).toBe(0);
    const swept = await sweepOrphanImages({ db: t.db, images }, t.clock.now() + SWEEP_GRACE_MS + 1);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await served(`http://x/api/media/${orphan}`)).toBe(404);
    expect(await ledger()).not.toContain(orphan);
    expect(await served(kept.body.cover_image)).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).body.profile_image).toEqual(
      expect.any(String),
    );
    expect(
      await served((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).body.profile_image),
    ).toBe(200);
  });
});
