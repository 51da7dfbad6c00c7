/**
 * Event dates are bounded on input (the years 1900–2199, said in the message),
 * and a date outside that range already in the database never breaks a public
 * page: the event's page, its calendar file, the promoter's page and their
 * feed all answer (a feed keeps every other subscriber's events), and nothing
 * reaches the error webhook. Far dates are written straight into the database,
 * the way rows stored before the bound (or by hand) hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { jsonLdOf, publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;
const reported: unknown[] = [];

const place = { location_name: 'Peckham, London', latitude: '51.4740', longitude: '-0.0690' };

async function create(fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: promoter.access,
    form: form({ ...place, ...fields }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Writes what the API now refuses, as an older row would hold it. */
async function storeDates(id: number, columns: Record<string, string | string[] | null>): Promise<void> {
  for (const [column, value] of Object.entries(columns)) {
    const cast = column === 'skipped_dates' ? '::jsonb' : '::date';
    const stored = Array.isArray(value) ? JSON.stringify(value) : value;
    await t.db.query(`UPDATE events SET ${column} = $2${cast} WHERE id = $1`, [id, stored]);
  }
}

beforeAll(async () => {
  t = await startTestApp({
    config: { publicUrl: PUBLIC_URL },
    deps: { reportError: (error) => void reported.push(error) },
  });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'far.dates' });
});
afterAll(() => t.close());

describe('a date outside 1900–2199 on input', () => {
  it('is refused with a 400 that states the range, for start, end and skipped dates', async () => {
    const far = await call(t.app, 'POST', '/api/events/create/', {
      token: promoter.access,
      form: form({ ...place, title: 'Too far', start_date: '9999-12-31', start_time: '20:00' }),
    });
    expect(far.status).toBe(400);
    expect(far.body.errors.start_date.join(' ')).toMatch(/1900.*2199/);
    expect(far.body.detail).toMatch(/1900.*2199/);

    const early = await call(t.app, 'POST', '/api/events/create/', {
      token: promoter.access,
      form: form({ ...place, title: 'Too early', start_date: '1899-12-31' }),
    });
    expect(early.status).toBe(400);
    expect(early.body.errors.start_date.join(' ')).toMatch(/1900.*2199/);

    const id = await create({ title: 'Edge of the range', start_date: '2199-12-31', start_time: '22:00' });
    const end = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
      token: promoter.access,
      form: form({ end_date: '9999-12-31' }),
    });
    expect(end.status).toBe(400);
    expect(end.body.errors.end_date.join(' ')).toMatch(/1900.*2199/);

    const series = await create({
      title: 'Weekly',
      is_recurring: 'true',
      friday: 'true',
      recurring_start_time: '21:00',
    });
    const skipped = await call(t.app, 'PUT', `/api/events/${series}/update/`, {
      token: promoter.access,
      form: form({ skipped_dates: JSON.stringify(['2026-01-23', '9999-12-31']) }),
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.errors.skipped_dates.join(' ')).toMatch(/1900.*2199/);
    expect(reported).toEqual([]);
  });
});

describe('an event already stored with a far date', () => {
  let healthy: number;
  const stored: Record<string, number> = {};

  beforeAll(async () => {
    healthy = await create({ title: 'Healthy neighbour', start_date: '2026-03-06', start_time: '20:00' });
    // Overnight on the last day there is: its end is the next morning, in year 10000.
    stored.overnight = await create({
      title: 'Last night',
      start_date: '2026-03-06',
      start_time: '22:00',
      end_time: '04:00',
    });
    await storeDates(stored.overnight, { start_date: '9999-12-31' });
    // All day until the end of time.
    stored.allDay = await create({ title: 'Forever fair', start_date: '2026-03-06', end_date: '2026-03-07' });
    await storeDates(stored.allDay, { end_date: '9999-12-31' });
    // Timed, from the distant past to the distant future.
    stored.span = await create({
      title: 'Long span',
      start_date: '2026-03-06',
      start_time: '10:00',
      end_time: '12:00',
    });
    await storeDates(stored.span, { start_date: '1000-01-01', end_date: '9999-12-31' });
    // A weekly series that starts on the last days there are.
    stored.seriesStart = await create({
      title: 'Series at the end',
      is_recurring: 'true',
      friday: 'true',
      recurring_start_time: '21:00',
      recurring_end_time: '02:00',
    });
    await storeDates(stored.seriesStart, { start_date: '9999-12-30' });
    // A weekly series that runs until then, skipping far dates.
    stored.seriesEnd = await create({
      title: 'Series forever',
      is_recurring: 'true',
      friday: 'true',
      saturday: 'true',
      recurring_start_time: '21:00',
      recurring_end_time: '02:00',
    });
    await storeDates(stored.seriesEnd, { end_date: '9999-12-31', skipped_dates: ['1000-01-02', '9999-12-31'] });
    // Moved from a far date.
    stored.moved = await create({ title: 'Moved', start_date: '2026-03-06', start_time: '20:00' });
    await storeDates(stored.moved, { previous_start_date: '9999-12-31' });
    // In a zone this runtime has no rules for (its ICU data older than the zone lookup's).
    stored.unknownZone = await create({ title: 'Elsewhere', start_date: '2026-03-06', start_time: '20:00' });
    await t.db.query(`UPDATE events SET time_zone = 'Mars/Olympus_Mons' WHERE id = $1`, [stored.unknownZone]);
  });

  it('still has its page, with the date as stored and JSON-LD that parses', async () => {
    for (const [name, id] of Object.entries(stored)) {
      const page = await publicPage(t, id, PUBLIC_URL);
      expect(page.status, name).toBe(200);
      expect(() => jsonLdOf(page.html), name).not.toThrow();
    }
    const overnight = (await publicPage(t, stored.overnight!, PUBLIC_URL)).html;
    expect(overnight).toContain('31 Dec 9999');
    // No offset or next morning is computed from it: the date goes out as stored.
    expect(jsonLdOf(overnight)).toMatchObject({ startDate: '9999-12-31', endDate: '9999-12-31' });
    expect(reported).toEqual([]);
  });

  it('answers its calendar file without a server error, and never writes a year past 9999', async () => {
    for (const [name, id] of Object.entries(stored)) {
      const res = await t.app.request(`/e/${id}.ics`);
      expect([200, 404], name).toContain(res.status);
      const text = await res.text();
      expect(text, name).not.toMatch(/[+-]0\d{5}|10000\d{4}/);
    }
    expect(reported).toEqual([]);
  });

  it("keeps the promoter's page and feed, with every other event in the feed", async () => {
    const pageRes = await t.app.request('/p/far.dates');
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('Healthy neighbour');

    const feed = await t.app.request('/p/far.dates.ics');
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toContain(`UID:event-${healthy}@`);
    expect(text).not.toMatch(/[+-]0\d{5}|10000\d{4}/);
    expect(reported).toEqual([]);
  });
});
