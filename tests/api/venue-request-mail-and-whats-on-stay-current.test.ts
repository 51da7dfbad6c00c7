/**
 * What a venue's owner reads stays current: the batched request mail asks only about
 * requests still waiting when it leaves (one answered in the dashboard meanwhile is taken
 * out; a mail with nothing left is not sent), and the venue's page lists under What's on
 * its own events beside the promoters' it approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_MAIL_INTERVAL_MS } from '../../server/services/venue-approval.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let promoter: Account;

const create = (token: string, fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const answer = (token: string, id: number, verdict: 'approve' | 'decline') =>
  call(t.app, 'POST', `/api/events/${id}/venue/${verdict}/`, { token });
const requestMail = async (email: string) =>
  (
    await t.db.query<{ body: string; state: string }>(
      `SELECT body, state FROM mail_queue WHERE lower(recipient) = lower($1) AND subject LIKE 'New requests%' ORDER BY id`,
      [email],
    )
  ).rows;

const gig = (title: string, venueId: number) => ({
  title,
  location_name: 'Somewhere',
  start_date: '2027-02-10',
  start_time: '20:00',
  venue_id: String(venueId),
});

beforeAll(async () => {
  t = await startTestApp();
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'mailwatcher' });
});
afterAll(() => t.close());

describe('the venue request mail', () => {
  it('lists only the requests still waiting, and is withdrawn when none is left', async () => {
    const owner = await signUp(t.app, 'business');
    const hall = (await create(owner.access, { title: 'Quiet Hall', is_recurring: 'true', location_name: 'Here' })).body
      .id as number;
    // The first request is mailed at once; the next ones wait for the venue's next mail.
    await create(promoter.access, gig('First Night', hall));
    await expect
      .poll(async () => (await requestMail(owner.email)).map((m) => m.state), { timeout: 15_000 })
      .toEqual(['sent']);
    const second = (await create(promoter.access, gig('Second Night', hall))).body.id as number;
    const third = (await create(promoter.access, gig('Second Night Late', hall))).body.id as number;
    let queued = (await requestMail(owner.email))[1]!;
    expect(queued.state).toBe('pending');
    expect(queued.body).toContain('- Second Night (');
    expect(queued.body).toContain('- Second Night Late (');

    // Answered in the dashboard before the mail left: its line goes, the longer look-alike stays.
    expect((await answer(owner.access, second, 'approve')).status).toBe(200);
    queued = (await requestMail(owner.email))[1]!;
    expect(queued.body).not.toMatch(/- Second Night \(/);
    expect(queued.body).toContain('- Second Night Late (');

    // Nothing left to ask: no mail at all.
    expect((await answer(owner.access, third, 'decline')).status).toBe(200);
    expect((await requestMail(owner.email)).map((m) => m.state)).toEqual(['sent']);

    // A new request after that is still mailed, with only itself in it.
    await create(promoter.access, gig('Third Night', hall));
    t.clock.advance(VENUE_MAIL_INTERVAL_MS);
    await expect
      .poll(async () => (await requestMail(owner.email)).map((m) => m.state), { timeout: 15_000 })
      .toEqual(['sent', 'sent']);
    const last = (await requestMail(owner.email))[1]!.body;
    expect(last).toContain('- Third Night (');
    expect(last).not.toContain('Second Night');
  });
});

describe("a venue's What's on", () => {
  it("lists the venue's own upcoming events beside the approved ones, not its drafts or events elsewhere", async () => {
    // Signed up now: the test before moved the clock past the first accounts' tokens.
    const promoter = await signUp(t.app, 'subpromoter', { display_name: 'guestsetter' });
    const owner = await signUp(t.app, 'business');
    const venue = (await create(owner.access, { title: 'Own Room', is_recurring: 'true', location_name: 'Here' })).body
      .id as number;
    const other = await signUp(t.app, 'business');
    const elsewhere = (
      await create(other.access, { title: 'Other Room', is_recurring: 'true', location_name: 'There' })
    ).body.id as number;
    await create(owner.access, { title: 'House Quiz', location_name: 'Here', start_date: '2027-03-01' });
    await create(owner.access, {
      title: 'House Draft',
      location_name: 'Here',
      start_date: '2027-03-02',
      status: 'draft',
    });
    await create(owner.access, gig('Away Day', elsewhere));
    const guest = await create(promoter.access, gig('Guest Set', venue));
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    expect((await answer(owner.access, guest.body.id as number, 'approve')).status).toBe(200);
    expect((await create(promoter.access, gig('Unanswered Set', venue))).status).toBe(201);

    const page = await t.app.request(`http://roamly.test${listingPath(venue, 'Own Room')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const whatsOn = html.slice(html.indexOf('id="whats-on"'));
    expect(whatsOn).toContain('House Quiz');
    expect(whatsOn).toContain('Guest Set');
    expect(whatsOn).not.toContain('House Draft');
    expect(whatsOn).not.toContain('Away Day');
    expect(whatsOn).not.toContain('Unanswered Set');
  });
});
