/** The suite's axe helper (support/axe.ts) fails a page that breaks a rule, in a same-origin frame too. */
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';

const pixel = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const pages: Record<string, string> = {
  '/': `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
    <h1>Broken</h1><img src="${pixel}"><input type="text"><iframe title="Inner" src="/inner"></iframe>
  </main></body></html>`,
  '/inner': `<!doctype html><html lang="en"><head><title>Inner</title></head><body><p><img src="${pixel}"></p></body></html>`,
};

test('an axe scan reports an image without alt text and an unlabelled field, in the page and in a same-origin frame', async ({
  page,
}) => {
  await page.route('http://axe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: pages[new URL(route.request().url()).pathname] ?? '' }),
  );
  await page.goto('http://axe.test/');
  await expect(page.frameLocator('iframe').locator('img')).toBeAttached();
  const lines = await axeViolations(page);
  expect(lines.find((line) => line.startsWith('image-alt'))).toBe('image-alt img, iframe img');
  expect(lines.some((line) => line.startsWith('label '))).toBe(true);
  expect(await axeViolations(page, { include: 'main > input' })).toEqual([expect.stringMatching(/^label /)]);
});
