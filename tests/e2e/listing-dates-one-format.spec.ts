/**
 * One date format everywhere: the dashboard's card, the QR poster
 * and the server-rendered public page write an event's dates in the same
 * words, in the browser's locale (src/components/listing/listing-time.ts).
 */
import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword, logInThroughPanel } from './support/auth.ts';
import { card, uniqueTitle } from './support/dashboard.ts';

const cases = [
  { locale: 'en-GB', when: 'Sat, 12 Dec 2026, 20:00 – 23:00 GMT' },
  { locale: 'en-US', when: 'Sat, Dec 12, 2026, 8:00 PM – 11:00 PM GMT' },
] as const;

for (const { locale, when } of cases) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`card, poster and public page all read "${when}"`, async ({ page, request }) => {
      const email = demoAccounts.promoter;
      const title = uniqueTitle('Harbour night');
      const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
      const { access } = (await login.json()) as { access: string };
      const created = await request.post('/api/events/create/', {
        headers: { Authorization: `Bearer ${access}` },
        multipart: {
          title,
          location_name: 'Harbourside',
          start_date: '2026-12-12',
          start_time: '20:00',
          end_time: '23:00',
        },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      await logInThroughPanel(page, email);
      await page.goto('/dashboard/events');
      await expect(card(page, title)).toContainText(when);
      await card(page, title).getByRole('link', { name: 'QR poster' }).click();
      await expect(page.getByRole('article', { name: 'Poster' })).toContainText(when);
      await page.goto(`/e/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(when, { exact: true })).toBeVisible();
    });
  });
}
