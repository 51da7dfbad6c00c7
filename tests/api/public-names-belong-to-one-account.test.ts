/**
 * A public name (`/p/{name}`, its feed and the "by …" links) belongs to one
 * account. An older account used to take over a victim's page by renaming
 * itself to the victim's name in upper case: the page went to the oldest
 * account with a listing. Names are now held: case and look-alike letters are
 * folded, a held name cannot be taken by rename, and a namesake who registers
 * gets no page and no link to someone else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimLegacyPublicNames } from '../../server/services/public-names.ts';
import { displayNameKey } from '../../src/shared/contract/name-key.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

const page = (path: string) => t.app.request(path);
/** An event's page, after the 301 from `/e/{id}` to its address with the title. */
async function eventPage(id: number): Promise<string> {
  const short = await page(`/e/${id}`);
  return (await page(short.headers.get('location') ?? `/e/${id}`)).text();
}
const rename = (account: Account, display_name: string) =>
  call(t.app, 'PATCH', '/api/auth/profile/', { token: account.access, json: { display_name } });
async function publish(account: Account, title: string): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({ title, start_date: '2026-12-12', start_time: '21:00' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

describe('public names', () => {
  it('fold case and look-alike letters into one key', () => {
    const key = displayNameKey('sam.nights');
    for (const alike of ['SAM.NIGHTS', 'Sam.Nights', 'ѕаm.nights', 'sam.nIghts', 'ｓａｍ.nights']) {
      expect(displayNameKey(alike), alike).toBe(key);
    }
    expect(displayNameKey('rnia.0ne')).toBe(displayNameKey('mia.one'));
    expect(displayNameKey('sam.days')).not.toBe(key);
  });

  it('an older account cannot rename itself into a held name, in any case or script', async () => {
    const attacker = await signUp(t.app, 'subpromoter', { display_name: 'plain.attacker' });
    await publish(attacker, 'Phishing Night');
    const victim = await signUp(t.app, 'subpromoter', { display_name: 'victim.club' });
    const victimEvent = await publish(victim, 'Real Night');

    for (const alike of ['VICTIM.CLUB', 'Victim.Club', 'victim.cIub', 'vісtim.club']) {
      const res = await rename(attacker, alike);
      expect(res.status, alike).toBe(400);
      expect(res.body.errors.display_name).toEqual(['This display name is taken. Please choose another.']);
    }
    const html = await (await page('/p/victim.club')).text();
    expect(html).toContain('Real Night');
    expect(html).not.toContain('Phishing Night');
    // Another spelling of the name leads to the holder's page, not to a namesake's.
    const upper = await page('/p/VICTIM.CLUB');
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe(`${PUBLIC_URL}/p/victim.club`);
    expect(await eventPage(victimEvent)).toContain('<a href="/p/victim.club">victim.club</a>');
  });

  it('a namesake who registers gets no page, no "by" link to the holder, and is told on its profile', async () => {
    const holder = await signUp(t.app, 'subpromoter', { display_name: 'twin.name' });
    await publish(holder, 'Holder Night');
    const namesake = await signUp(t.app, 'subpromoter', { display_name: 'Twin.Name' });
    const namesakeEvent = await publish(namesake, 'Namesake Night');

    const profile = await call(t.app, 'GET', '/api/auth/profile/', { token: namesake.access });
    expect(profile.body.display_name).toBe('Twin.Name');
    expect(profile.body.public_name).toBeNull();
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: holder.access })).body.public_name).toBe(
      'twin.name',
    );
    const html = await (await page('/p/twin.name')).text();
    expect(html).toContain('Holder Night');
    expect(html).not.toContain('Namesake Night');
    const namesakePage = await eventPage(namesakeEvent);
    expect(namesakePage).toContain('Namesake Night');
    expect(namesakePage).not.toContain('href="/p/');
    // Saving the rest of the profile still works with the name unchanged; a free name gives a page.
    expect(
      (await call(t.app, 'PATCH', '/api/auth/profile/', { token: namesake.access, json: { bio: 'Hi' } })).status,
    ).toBe(200);
    const freed = await rename(namesake, 'twin.name.two');
    expect(freed.status).toBe(200);
    expect(freed.body.public_name).toBe('twin.name.two');
    expect(await (await page('/p/twin.name.two')).text()).toContain('Namesake Night');
  });

  it('a holder may change the case of its own name', async () => {
    const owner = await signUp(t.app, 'business', { display_name: 'blue.door' });
    const res = await rename(owner, 'Blue.Door');
    expect(res.status).toBe(200);
    expect(res.body.public_name).toBe('Blue.Door');
    expect((await page('/p/Blue.Door')).status).toBe(200);
    expect((await page('/p/blue.door')).headers.get('location')).toBe(`${PUBLIC_URL}/p/Blue.Door`);
  });

  it('accounts from before public names get theirs at start-up, first come first served', async () => {
    // As before this release: two accounts share a name; the older one took it later, by renaming.
    const first = await signUp(t.app, 'subpromoter', { display_name: 'legacy.tmp1' });
    const second = await signUp(t.app, 'subpromoter', { display_name: 'legacy.tmp2' });
    const ids: number[] = [];
    for (const account of [first, second]) {
      ids.push((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).body.id as number);
    }
    const [olderId, youngerId] = ids as [number, number];
    await t.db.query('DELETE FROM public_names WHERE user_id = ANY($1::bigint[])', [ids]);
    await t.db.query("UPDATE users SET display_name = 'legacy.name' WHERE id = ANY($1::bigint[])", [ids]);
    await t.db.query(
      `INSERT INTO display_name_history (user_id, old_name, changed_at) VALUES ($1, 'legacy.tmp1', now() + interval '1 hour')`,
      [olderId],
    );
    await claimLegacyPublicNames(t.db, t.clock.now());
    const holder = await t.db.query<{ user_id: string }>(
      "SELECT user_id::text AS user_id FROM public_names WHERE name_key = 'legacy.name' AND released_at IS NULL",
    );
    expect(holder.rows[0]?.user_id).toBe(String(youngerId));
    // Run again (a second instance, a restart): nothing changes hands.
    await claimLegacyPublicNames(t.db, t.clock.now());
    const again = await t.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM public_names WHERE name_key = 'legacy.name'",
    );
    expect(again.rows[0]?.n).toBe('1');
  });
});
