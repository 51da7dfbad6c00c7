/**
 * The public pages' schema.org data read the way a search engine reads it:
 * extracted from the served HTML by @marbec/web-auto-extractor and checked by
 * @adobe/structured-data-validator (Organization, Person, Offer, ListItem
 * rules), plus Google's Event rich-result rules (tests/api/support/event-rich-result.ts).
 * Zero errors for an event page, a business listing and a promoter's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { eventRichResultIssues, validatePage } from './support/event-rich-result.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;
let eventId: number;

const html = async (path: string) => {
  const res = await t.app.request(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const errorsOf = (issues: { severity: string; issueMessage: string }[]) =>
  issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.issueMessage);

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'jazz.nights' });
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: promoter.access,
    form: form({
      title: 'Rooftop Jazz',
      bio: 'Live quartet on the roof.',
      location_name: 'Skyline Bar, 1 High St, London',
      latitude: '51.5085',
      longitude: '-0.1257',
      start_date: '2026-07-04',
      start_time: '19:30',
      end_time: '23:00',
      event_type: 'music',
    }),
  });
  expect(created.status).toBe(201);
  eventId = created.body.id;
});
afterAll(() => t.close());

describe('structured data of the public pages', () => {
  it('the checks find real problems: an organizer without a name, a list item without a position, an Event without a place', async () => {
    const broken = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'x',
      startDate: '2026-07-04T19:30',
      organizer: { '@type': 'Organization' },
    })}</script><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', url: 'https://x.test/e/1' }],
    })}</script>`;
    const { jsonld, issues } = await validatePage(broken);
    expect(errorsOf(issues)).toEqual(
      expect.arrayContaining(['Required attribute "name" is missing', 'Required attribute "position" is missing']),
    );
    expect(eventRichResultIssues(jsonld.Event![0]!).errors).toEqual(
      expect.arrayContaining(['startDate', 'location', 'location.address']),
    );
  });

  it('an event page: 0 validator errors and every property of a Google event rich result', async () => {
    const { jsonld, issues } = await validatePage(await html(`/e/${eventId}/rooftop-jazz`));
    expect(errorsOf(issues)).toEqual([]);
    const [event] = jsonld.Event!;
    expect(eventRichResultIssues(event!)).toEqual({ errors: [], warnings: ['offers'] });
  });

  it("a promoter's page: an ItemList of the events with 0 validator errors", async () => {
    const { jsonld, issues } = await validatePage(await html('/p/jazz.nights'));
    expect(errorsOf(issues)).toEqual([]);
    expect(jsonld.ItemList![0]).toMatchObject({
      itemListElement: [{ '@type': 'ListItem', position: 1, url: `${PUBLIC_URL}/e/${eventId}/rooftop-jazz` }],
    });
  });
});
