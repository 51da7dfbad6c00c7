/**
 * A published event that changes stays true everywhere it was shared (contract
 * §11): cancelled and postponed stay public with the word and the note on the
 * page, in JSON-LD (`eventStatus`), in the calendar file (`STATUS`, a growing
 * `SEQUENCE`, the same UID) and on the promoter's page; un-cancelling is an
 * update back to published; sold out shows and becomes `SoldOut`. A draft or a
 * new event cannot start cancelled, nor can a business listing be cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { jsonLdOf, publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;

const base = {
  title: 'Rooftop Jazz',
  location_name: 'Peckham, London',
  latitude: '51.4740',
  longitude: '-0.0690',
  start_date: '2026-03-06',
  start_time: '20:00',
  end_time: '23:00',
  ticket_url: 'https://tickets.example/rooftop-jazz',
  price: '15',
};

async function create(fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function update(id: number, fields: Record<string, string>, token = promoter.access) {
  return call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields) });
}

async function calendarOf(id: number): Promise<string> {
  const res = await t.app.request(`/e/${id}.ics`);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/\r\n /g, '');
}

const line = (ics: string, name: string) => ics.split('\r\n').find((l) => l.startsWith(`${name}:`));

/** The page's HTML, following the slug redirect. */
const pageOf = (id: number) => publicPage(t, id, PUBLIC_URL);

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'rooftop.crew' });
});
afterAll(() => t.close());

describe('a published event that is cancelled', () => {
  it('stays public saying so, with the note, in the page, JSON-LD, the calendar and the promoter page', async () => {
    const id = await create(base);
    const before = await calendarOf(id);
    const note = 'The roof failed its safety check. Tickets are refunded automatically within 5 days.';
    const res = await update(id, { status: 'cancelled', status_note: note });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', status_note: note, sold_out: false });

    const page = await pageOf(id);
    expect(page.status).toBe(200);
    const banner =
      /<p class="listing__change listing__change--cancelled"[^>]*>([\s\S]*?)<\/p>/.exec(page.html)?.[1] ?? '';
    expect(banner).toContain('Cancelled');
    expect(banner).toContain('The roof failed its safety check.');
    // Above the fold: the word comes before the cover and the title.
    expect(page.html.indexOf('class="listing__change')).toBeLessThan(page.html.indexOf('class="listing__cover'));
    expect(jsonLdOf(page.html).eventStatus).toBe('https://schema.org/EventCancelled');
    // A link preview (WhatsApp, a search result) says it too.
    expect(page.html).toMatch(/<title>Cancelled: Rooftop Jazz — Roamly<\/title>/);
    expect(page.html).toContain('<meta property="og:description" content="The roof failed its safety check.');

    const after = await calendarOf(id);
    expect(line(after, 'UID')).toBe(line(before, 'UID'));
    expect(line(after, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(Number(line(after, 'SEQUENCE')!.slice(9))).toBeGreaterThan(Number(line(before, 'SEQUENCE')!.slice(9)));
    expect(line(after, 'SUMMARY')).toBe('SUMMARY:Cancelled: Rooftop Jazz');

    const promoterPage = await t.app.request('/p/rooftop.crew');
    const html = await promoterPage.text();
    expect(html).toContain('Rooftop Jazz');
    expect(html).toContain('Cancelled');
  });

  it('can be un-cancelled: back to published, the page and JSON-LD scheduled again', async () => {
    const id = await create(base);
    expect((await update(id, { status: 'cancelled', status_note: 'Flooded.' })).status).toBe(200);
    const back = await update(id, { status: 'published', status_note: '' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'published', status_note: '' });
    const page = await pageOf(id);
    expect(page.html).not.toContain('class="listing__change');
    expect(jsonLdOf(page.html).eventStatus).toBe('https://schema.org/EventScheduled');
    expect(line(await calendarOf(id), 'STATUS')).toBe('STATUS:CONFIRMED');
  });
});

describe('postponed and sold out', () => {
  it('a postponed event says Postponed with its note, EventPostponed, a tentative calendar entry', async () => {
    const id = await create(base);
    const res = await update(id, { status: 'postponed', status_note: 'New date in April, same tickets.' });
    expect(res.status).toBe(200);
    const page = await pageOf(id);
    expect(page.html).toMatch(/listing__change--postponed[\s\S]*Postponed[\s\S]*New date in April, same tickets\./);
    expect(jsonLdOf(page.html).eventStatus).toBe('https://schema.org/EventPostponed');
    expect(line(await calendarOf(id), 'STATUS')).toBe('STATUS:TENTATIVE');
  });

  it('sold out shows "Sold out" and offers availability SoldOut, and can be undone', async () => {
    const id = await create(base);
    expect((await update(id, { sold_out: 'true' })).body.sold_out).toBe(true);
    let page = await pageOf(id);
    expect(page.html).toContain('Sold out');
    expect(jsonLdOf(page.html).offers.availability).toBe('https://schema.org/SoldOut');
    expect((await update(id, { sold_out: 'false' })).body.sold_out).toBe(false);
    page = await pageOf(id);
    expect(jsonLdOf(page.html).offers.availability).toBe('https://schema.org/InStock');
  });
});

describe('what cannot be cancelled', () => {
  it('a new event cannot start cancelled or postponed: 400 with a sentence', async () => {
    for (const status of ['cancelled', 'postponed']) {
      const res = await call(t.app, 'POST', '/api/events/create/', {
        token: promoter.access,
        form: form({ ...base, status }),
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Only a published event can be cancelled or postponed: delete a draft instead.');
      expect(res.body.errors.status).toBeDefined();
    }
  });

  it('a draft cannot be cancelled (it was never shared), and stays a 404 publicly', async () => {
    const id = await create({ ...base, status: 'draft' });
    const res = await update(id, { status: 'cancelled' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Only a published event/);
    expect((await pageOf(id)).status).toBe(404);
  });

  it('a business listing cannot be cancelled', async () => {
    const business = await signUp(t.app, 'business');
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: business.access,
      form: form({ title: 'The Harbour Bar', location_name: 'Bristol', is_recurring: 'true', monday: 'true' }),
    });
    expect(created.status).toBe(201);
    const res = await update(created.body.id, { status: 'cancelled' }, business.access);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/business listing cannot be cancelled/);
  });

  it('refuses a note over 280 characters and an unknown status', async () => {
    const id = await create(base);
    const long = await update(id, { status: 'cancelled', status_note: 'x'.repeat(281) });
    expect(long.status).toBe(400);
    expect(long.body.errors.status_note).toBeDefined();
    const unknown = await update(id, { status: 'rescheduled' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.status).toEqual(['Status is "published", "draft", "cancelled" or "postponed".']);
  });
});

describe('a published event whose date moves', () => {
  it('is rescheduled: previous_start_date is the first published date, the page and JSON-LD say it moved', async () => {
    const id = await create(base);
    const moved = await update(id, { start_date: '2026-03-13' });
    expect(moved.body).toMatchObject({ start_date: '2026-03-13', previous_start_date: '2026-03-06' });
    // A second move keeps the first date the event was shared with.
    const again = await update(id, { start_date: '2026-03-20' });
    expect(again.body.previous_start_date).toBe('2026-03-06');
    const page = await pageOf(id);
    expect(page.html).toMatch(/class="listing__change listing__change--moved"[^>]*>[\s\S]*New date[\s\S]*Moved from/);
    const ld = jsonLdOf(page.html);
    expect(ld.eventStatus).toBe('https://schema.org/EventRescheduled');
    expect(ld.previousStartDate).toBe('2026-03-06');
    expect(ld.startDate).toMatch(/^2026-03-20T20:00:00/);
    // Back to the first date: not moved any more.
    const back = await update(id, { start_date: '2026-03-06' });
    expect(back.body.previous_start_date).toBeNull();
    expect(jsonLdOf((await pageOf(id)).html).eventStatus).toBe('https://schema.org/EventScheduled');
  });

  it("a draft's date changes are not a move", async () => {
    const id = await create({ ...base, status: 'draft' });
    const res = await update(id, { start_date: '2026-03-13' });
    expect(res.body.previous_start_date).toBeNull();
  });
});

describe('a weekly series that skips a date', () => {
  it('leaves it out of Next on its page, lists it as exceptDate and EXDATE, and refuses what is not a date', async () => {
    // The test clock is Thursday 15 January 2026: the next Fridays are 16, 23 and 30 January.
    const id = await create({
      title: 'Friday Social',
      location_name: 'Peckham, London',
      latitude: '51.4740',
      longitude: '-0.0690',
      is_recurring: 'true',
      friday: 'true',
      recurring_start_time: '19:00',
      recurring_end_time: '23:00',
    });
    const skipped = await update(id, { skipped_dates: JSON.stringify(['2026-01-23', '2026-01-23']) });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect(skipped.body.skipped_dates).toEqual(['2026-01-23']);

    const page = await pageOf(id);
    const next = /class="listing__next">([^<]*)</.exec(page.html)?.[1] ?? '';
    expect(next).toContain('16');
    expect(next).toContain('30');
    expect(next).not.toContain('23');
    expect(jsonLdOf(page.html).eventSchedule.exceptDate).toEqual(['2026-01-23']);
    expect(await calendarOf(id)).toContain('EXDATE;TZID=Europe/London:20260123T190000');

    const wrong = await update(id, { skipped_dates: JSON.stringify(['next friday']) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.skipped_dates).toBeDefined();
    const many = Array.from({ length: 61 }, (_, i) => new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10));
    expect((await update(id, { skipped_dates: JSON.stringify(many) })).status).toBe(400);
    expect((await update(id, { skipped_dates: '[]' })).body.skipped_dates).toEqual([]);
  });
});
