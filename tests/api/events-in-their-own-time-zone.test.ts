/**
 * Every event in the time of its own place (contract §11): the zone comes from
 * its coordinates (a timezone-boundary lookup), reads return it as `time_zone`,
 * and the public page's JSON-LD and the calendar file read its wall-clock times
 * there — offsets right on both sides of a daylight-saving change, a VTIMEZONE
 * for any zone. Without coordinates, the site's zone is used and `time_zone` is null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillTimeZones } from '../../server/services/events/backfill-time-zones.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { jsonLdOf, publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;

const brooklyn = { latitude: '40.6782', longitude: '-73.9442', location_name: 'Brooklyn, New York' };
const tokyo = { latitude: '35.6895', longitude: '139.6917', location_name: 'Shinjuku, Tokyo' };

async function create(fields: Record<string, string>) {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; time_zone: string | null };
}

async function calendarOf(id: number): Promise<string[]> {
  return (await (await t.app.request(`/e/${id}.ics`)).text()).replace(/\r\n /g, '').split('\r\n');
}

const pageOf = async (id: number) => (await publicPage(t, id, PUBLIC_URL)).html;

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'zones.crew' });
});
afterAll(() => t.close());

describe('an event in Brooklyn', () => {
  it('reads as America/New_York, with the summer and the winter offset in JSON-LD', async () => {
    const summer = await create({
      ...brooklyn,
      title: 'Summer block party',
      start_date: '2026-07-04',
      start_time: '20:00',
    });
    expect(summer.time_zone).toBe('America/New_York');
    expect(jsonLdOf(await pageOf(summer.id)).startDate).toBe('2026-07-04T20:00:00-04:00');
    const winter = await create({ ...brooklyn, title: 'Winter jazz', start_date: '2026-12-12', start_time: '20:00' });
    expect(jsonLdOf(await pageOf(winter.id)).startDate).toBe('2026-12-12T20:00:00-05:00');
    const listed = await call(t.app, 'GET', '/api/events/user/', { token: promoter.access });
    expect(listed.body.find((e: { id: number }) => e.id === winter.id).time_zone).toBe('America/New_York');
  });

  it('goes into calendars at 20:00 New York time, with a VTIMEZONE that has the DST changes', async () => {
    const event = await create({
      ...brooklyn,
      title: 'Rooftop set',
      start_date: '2026-11-07',
      start_time: '20:00',
      end_time: '23:00',
    });
    const ics = await calendarOf(event.id);
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261107T200000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20261107T230000');
    const zone = ics.slice(ics.indexOf('BEGIN:VTIMEZONE'), ics.indexOf('END:VTIMEZONE') + 1);
    expect(zone).toContain('TZID:America/New_York');
    // 2026: clocks go forward on 8 March at 02:00 and back on 1 November at 02:00.
    expect(zone.join('\n')).toContain('TZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nDTSTART:20260308T020000');
    expect(zone.join('\n')).toContain('TZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nDTSTART:20261101T020000');
  });
});

describe('zones follow the place', () => {
  it('a move to Tokyo makes it Asia/Tokyo (+09:00); no place at all is the site zone, null', async () => {
    const event = await create({ ...brooklyn, title: 'Touring night', start_date: '2026-05-01', start_time: '21:00' });
    const moved = await call(t.app, 'PUT', `/api/events/${event.id}/update/`, {
      token: promoter.access,
      form: form(tokyo),
    });
    expect(moved.body.time_zone).toBe('Asia/Tokyo');
    expect(jsonLdOf(await pageOf(event.id)).startDate).toBe('2026-05-01T21:00:00+09:00');
    expect(await calendarOf(event.id)).toContain('DTSTART;TZID=Asia/Tokyo:20260501T210000');

    const cleared = await call(t.app, 'PUT', `/api/events/${event.id}/update/`, {
      token: promoter.access,
      form: form({ latitude: '', longitude: '', location_name: 'Somewhere' }),
    });
    expect(cleared.body.time_zone).toBeNull();
    // The site's zone, London: BST in May.
    expect(jsonLdOf(await pageOf(event.id)).startDate).toBe('2026-05-01T21:00:00+01:00');
  });
});

describe('events written before zones were kept', () => {
  it('get the zone of their place when the server starts, once', async () => {
    const event = await create({ ...tokyo, title: 'Old listing', start_date: '2026-05-02', start_time: '19:00' });
    await t.db.query('UPDATE events SET time_zone = NULL WHERE id = $1', [event.id]);
    expect(await backfillTimeZones(t.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query<{ time_zone: string }>('SELECT time_zone FROM events WHERE id = $1', [event.id]);
    expect(rows[0]!.time_zone).toBe('Asia/Tokyo');
    expect(await backfillTimeZones(t.db)).toBe(0);
  });
});
