/**
 * Venue mail nobody can multiply by toggling: a venue's owner flipping
 * approve/decline sends the promoter at most one mail an hour per event,
 * always the latest answer, and an answer flipped back before its mail left
 * sends none; a promoter setting an event draft/published again does not
 * announce the same request to the venue again. The page always shows the
 * current state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_MAIL_INTERVAL_MS } from '../../server/services/venue-approval.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let promoter: Account;

const create = (token: string, fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const update = (token: string, id: number, fields: Record<string, string>) =>
  call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields) });
const answer = (token: string, id: number, verdict: 'approve' | 'decline') =>
  call(t.app, 'POST', `/api/events/${id}/venue/${verdict}/`, { token });
const mailTo = async (email: string, about: string) =>
  (
    await t.db.query<{ subject: string; body: string; state: string }>(
      `SELECT subject, body, state FROM mail_queue
        WHERE lower(recipient) = lower($1) AND (subject LIKE $2 OR body LIKE $2) ORDER BY id`,
      [email, `%${about}%`],
    )
  ).rows;
const settled = (email: string, about: string) =>
  expect.poll(async () => (await mailTo(email, about)).every((m) => m.state === 'sent'), { timeout: 15_000 });

async function venue(title: string): Promise<{ owner: Account; id: number }> {
  const owner = await signUp(t.app, 'business');
  const id = (await create(owner.access, { title, is_recurring: 'true', location_name: 'Somewhere' })).body.id;
  return { owner, id: id as number };
}

const gig = (title: string, venueId: number) => ({
  title,
  location_name: 'Somewhere',
  start_date: '2026-02-10',
  start_time: '20:00',
  venue_id: String(venueId),
});

beforeAll(async () => {
  t = await startTestApp();
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'toggler' });
});
afterAll(() => t.close());

describe('venue mail', () => {
  it(
    'tells the promoter the latest answer at most once an hour per event, however often it flips',
    {
      timeout: 60_000,
    },
    async () => {
      const { owner, id: hall } = await venue('Flip Hall');
      const id = (await create(promoter.access, gig('Flip Gig', hall))).body.id as number;
      expect((await answer(owner.access, id, 'approve')).status).toBe(200);
      await settled(promoter.email, '"Flip Gig"').toBe(true);

      for (let i = 0; i < 20; i++) await answer(owner.access, id, i % 2 === 0 ? 'decline' : 'approve');
      await answer(owner.access, id, 'decline');
      const read = await call(t.app, 'GET', `/api/events/${id}/`, { token: promoter.access });
      expect(read.body.venue_status).toBe('declined');
      const flipped = await mailTo(promoter.email, '"Flip Gig"');
      expect(flipped.map((m) => m.subject)).toEqual(['Flip Hall approved "Flip Gig"', 'Flip Hall declined "Flip Gig"']);
      expect(flipped[1]!.state).toBe('pending');

      // Flipped back before its mail left: the promoter already knows, so that mail is withdrawn.
      await answer(owner.access, id, 'approve');
      expect((await mailTo(promoter.email, '"Flip Gig"')).map((m) => m.subject)).toEqual([
        'Flip Hall approved "Flip Gig"',
      ]);
      await answer(owner.access, id, 'decline');
      expect((await mailTo(promoter.email, '"Flip Gig"')).map((m) => m.state)).toEqual(['sent', 'pending']);

      t.clock.advance(DECISION_MAIL_INTERVAL_MS);
      await settled(promoter.email, '"Flip Gig"').toBe(true);
      expect((await mailTo(promoter.email, '"Flip Gig"')).map((m) => m.subject)).toEqual([
        'Flip Hall approved "Flip Gig"',
        'Flip Hall declined "Flip Gig"',
      ]);
    },
  );

  it('does not announce a request to the venue again when the event is set draft and published again', async () => {
    // Signed up now: the test before moved the clock past the first promoter's token.
    const promoter = await signUp(t.app, 'subpromoter', { display_name: 'toggler2' });
    const { owner, id: hall } = await venue('Toggle Hall');
    const id = (await create(promoter.access, gig('Toggle Gig', hall))).body.id as number;
    await settled(owner.email, 'Toggle Gig').toBe(true);
    for (let i = 0; i < 10; i++) {
      expect((await update(promoter.access, id, { status: 'draft' })).status).toBe(200);
      expect((await update(promoter.access, id, { status: 'published' })).status).toBe(200);
    }
    const lines = (await mailTo(owner.email, 'Toggle Gig')).map((m) => m.body.split('- Toggle Gig').length - 1);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(1);
    // The request is still there for the owner to answer.
    const requests = await call(t.app, 'GET', '/api/events/venue/requests/', { token: owner.access });
    expect(requests.body.requests.map((r: { id: number }) => r.id)).toEqual([id]);
  });
});
