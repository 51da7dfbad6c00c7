/**
 * 25 uploads of one account sent at once all passed the
 * quota check on the same old total (232 MB stored of a 200 MB quota). Now
 * the count that decides is made under a per-account lock, so however many
 * arrive together, and on whichever of two instances sharing the database,
 * the account never ends up over its quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, call, form, pngFile, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const FITS = 5;
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  const writePolicy = { imageBytesPerAccount: PNG_1PX.length * FITS };
  first = await startTestApp({ writePolicy });
  // A second instance on the same database.
  second = await startTestApp({ writePolicy, db: first.db });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('the image quota under parallel uploads', () => {
  it('lets 25 parallel uploads over two instances store no more than the quota', async () => {
    const account = await signUp(first.app, 'business');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(i % 2 ? second.app : first.app, 'POST', '/api/events/create/', {
          token: account.access,
          form: form({ title: `Parallel cover ${i}`, cover_image: pngFile() }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(FITS);
    expect(statuses.filter((status) => status === 413)).toHaveLength(25 - FITS);
    const { rows } = await first.db.query<{ used: string; count: string }>(
      'SELECT coalesce(sum(bytes), 0)::text AS used, count(*)::text AS count FROM stored_images',
    );
    expect(Number(rows[0]!.used)).toBeLessThanOrEqual(PNG_1PX.length * FITS);
    expect(Number(rows[0]!.count)).toBe(FITS);
  });
});
