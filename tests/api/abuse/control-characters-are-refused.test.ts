/**
 * Finding 8: a NUL byte or another control character in any text field is a
 * 400 with one human sentence — it never reaches PostgreSQL (which cannot
 * store NUL and answered 500). Multi-line fields keep their line breaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from '../../../src/shared/contract/text.ts';
import { call, form, signUp, uniqueEmail, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const bad = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\ud800'];
const expectRefused = (res: { status: number; body: { detail?: string } }) => {
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(CONTROL_CHARACTERS_MESSAGE);
};

describe('control characters in text fields', () => {
  it.each(bad)('register full_name with %j', async (ch) => {
    expectRefused(
      await call(t.app, 'POST', '/api/auth/register/', {
        json: {
          email: uniqueEmail(),
          password: 'long-enough-1',
          display_name: 'nul_test',
          user_type: 'business',
          full_name: `Ann${ch}Lee`,
        },
      }),
    );
  });

  it.each(bad)('report-issue message with %j', async (ch) => {
    expectRefused(
      await call(t.app, 'POST', '/api/auth/report-issue/', { json: { message: `Broken page here ${ch} ok` } }),
    );
  });

  it.each(['bio', 'full_name'])('profile %s with NUL', async (field) => {
    expectRefused(
      await call(t.app, 'PATCH', '/api/auth/profile/', { token: owner.access, form: form({ [field]: 'a\u0000b' }) }),
    );
  });

  it.each([
    ['title', 'Party\u0000'],
    ['bio', 'Line one\u0000'],
    ['location_name', 'Main\u0000Street'],
    ['event_subtype', 'Jazz\u0000'],
    ['keywords', JSON.stringify(['ok', 'b\u0000d'])],
  ])('event %s with NUL', async (field, value) => {
    const fields = { title: 'A title', [field]: value };
    expectRefused(await call(t.app, 'POST', '/api/events/create/', { token: owner.access, form: form(fields) }));
  });

  it('matching_businesses venue, place queries and the dev mailbox address', async () => {
    expectRefused(
      await call(t.app, 'GET', `/api/events/events/matching_businesses/?venue=Caf%00e&lat=1&lng=2`, {
        token: owner.access,
      }),
    );
    expectRefused(await call(t.app, 'GET', '/api/media_feed/places-autocomplete/?input=lon%00don&platform=web'));
    expectRefused(await call(t.app, 'GET', '/api/media_feed/place-details/?place_id=x%00y&platform=web'));
    const mailbox = await call(t.app, 'GET', '/api/dev/mailbox?email=a%00b@example.org');
    expect(mailbox.status).toBe(400);
  });

  it('keeps line breaks and tabs in multi-line fields', async () => {
    const bio = 'First line\nSecond line\r\n\tindented';
    const res = await call(t.app, 'PATCH', '/api/auth/profile/', { token: owner.access, form: form({ bio }) });
    expect(res.status).toBe(200);
    // Multipart sends textarea line breaks as CRLF, which is why multi-line fields allow \r.
    expect(res.body.bio.replace(/\r\n/g, '\n')).toBe(bio.replace(/\r\n/g, '\n'));
    const report = await call(t.app, 'POST', '/api/auth/report-issue/', { json: { message: 'Two\nlines of text' } });
    expect(report.status).toBe(201);
  });

  it('refuses line breaks in one-line fields and allows emoji (paired surrogates)', async () => {
    const title = await call(t.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'Two\nlines' }),
    });
    expectRefused(title);
    expect(isCleanText('Party 🎉 tonight')).toBe(true);
    expect(isCleanText('a\tb')).toBe(false);
    expect(isCleanText('a\tb', true)).toBe(true);
  });
});
