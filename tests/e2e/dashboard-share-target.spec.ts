import { expect, goOffline, goOnline, test } from './support/offline.ts';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('an image shared to the installed app opens a new event with it as the cover, even offline', async ({
  page,
  context,
  tcpProxy: proxy,
}) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    share_target?: { action: string; method: string; params: { files: { name: string }[] } };
  };
  expect(manifest.share_target).toMatchObject({ action: '/dashboard/share-target', method: 'POST' });

  await logInThroughPanel(page, demoAccounts.business, undefined, proxy.baseURL);
  await page.goto(`${proxy.baseURL}/dashboard/events`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now certainly controlled by the worker
  await expect(page.getByRole('button', { name: 'New event' })).toBeVisible();
  await goOffline(context, proxy);

  // What the OS share sheet does: a multipart POST navigation to the manifest's action.
  await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1200, 900);
    const context2d = canvas.getContext('2d');
    if (!context2d) throw new Error('no canvas');
    context2d.fillStyle = '#c23a1c';
    context2d.fillRect(0, 0, 1200, 900);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/dashboard/share-target';
    form.enctype = 'multipart/form-data';
    const file = document.createElement('input');
    file.type = 'file';
    file.name = 'image';
    const files = new DataTransfer();
    files.items.add(new File([blob], 'flyer.png', { type: 'image/png' }));
    file.files = files.files;
    const title = document.createElement('input');
    title.name = 'title';
    title.value = 'Flyer night';
    form.append(file, title);
    document.body.append(form);
    form.submit();
  });

  const editor = page.getByRole('dialog', { name: 'New event' });
  await expect(editor).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/events$/);
  await expect(editor.getByLabel('Title')).toHaveValue('Flyer night');
  await expect(editor.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await goOnline(context, proxy);
});
