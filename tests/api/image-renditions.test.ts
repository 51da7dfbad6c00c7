// @vitest-environment node
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet } from '../../src/shared/contract/media-url.ts';
import { localImageStore } from '../../server/services/image-store.ts';
import { renditions } from '../../server/services/media/renditions.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await startTestApp();
  account = await signUp(t.app, 'business');
});
afterAll(() => t.close());

/** A 1600×900 photo-like JPEG (a gradient, so it does not compress to nothing). */
async function coverJpeg(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = ((x ^ y) & 0xff) / 2;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** A plain PNG of one colour, `width` × `height`. */
async function solidPng(width: number, height: number, background: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer(),
  );
}

async function uploadCover(bytes: Uint8Array<ArrayBuffer>, name = 'cover.jpg'): Promise<string> {
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({ title: 'Rendition test', cover_image: new File([bytes], name) }),
  });
  expect(created.status).toBe(201);
  return new URL(created.body.cover_image as string).pathname;
}

describe('smaller copies of covers for srcset', () => {
  it('serves ?w=480, 960 and 1280 as WebP that wide, immutable, far smaller than the original', async () => {
    const original = await coverJpeg();
    const path = await uploadCover(original);
    for (const width of [480, 960, 1280]) {
      const res = await t.app.request(`${path}?w=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 9) / 16)]);
      expect(bytes.length).toBeLessThan(original.length / 2);
    }
    // The original is untouched.
    const full = await t.app.request(path);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(original);
  });

  it('stops serving the copies of a replaced cover at once, even those already made', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Replaced cover', cover_image: new File([await coverJpeg()], 'first.jpg') }),
    });
    const oldPath = new URL(created.body.cover_image as string).pathname;
    expect((await t.app.request(`${oldPath}?w=480`)).status).toBe(200); // made and kept in memory
    const updated = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      form: form({ cover_image: new File([await coverJpeg()], 'second.jpg') }),
    });
    expect(updated.status).toBe(200);
    expect((await t.app.request(oldPath)).status).toBe(404);
    expect((await t.app.request(`${oldPath}?w=480`)).status).toBe(404);
  });

  it('never enlarges a small image', async () => {
    const path = await uploadCover(await solidPng(300, 200, '#c23a1c'), 'small.png');
    const res = await t.app.request(`${path}?w=960`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
  });

  it('answers another width with 400 and a detail, an unknown image with 404', async () => {
    const path = await uploadCover(await coverJpeg());
    for (const w of ['123', '480.0', '', 'abc', '99999999999']) {
      const res = await call(t.app, 'GET', `${path}?w=${w}`);
      expect(res.status, w).toBe(400);
      expect(res.body.detail).toBe('Image width w must be one of 480, 960, 1280.');
    }
    const unknown = await call(t.app, 'GET', '/api/media/AAAAAAAAAAAAAAAAAAAAAA.jpg?w=480');
    expect(unknown.status).toBe(404);
  });

  it('serves a file that does not decode as it is, cached only briefly, and does not retry it each time', async () => {
    // JPEG magic and nothing a decoder can use: accepted by sniffing, not resizable.
    const broken = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 2, 3]);
    const path = await uploadCover(broken);
    const res = await t.app.request(`${path}?w=480`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(broken);
  });

  it('serves a picture of more than 25 MP as it is rather than decode it (memory per process stays bounded)', async () => {
    const path = await uploadCover(await solidPng(5200, 5000, '#0b6e69'), 'huge.png');
    const res = await t.app.request(`${path}?w=480`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('the public page offers the copies in srcset with sizes', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Srcset page', cover_image: new File([await coverJpeg()], 'c.jpg') }),
    });
    const cover = created.body.cover_image as string;
    const page = await t.app.request(`/e/${created.body.id}/srcset-page`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const img = /<div class="listing__cover"><img ([^>]*)>/.exec(html)?.[1] ?? '';
    expect(img).toContain(`src="${cover}"`);
    // React writes the attribute as `srcSet`; HTML attribute names are case-insensitive.
    expect(img).toMatch(/ srcset="([^"]+)"/i);
    expect(/ srcset="([^"]+)"/i.exec(img)?.[1]?.replace(/&amp;/g, '&')).toBe(imageSrcSet(cover));
    expect(img).toContain('sizes="(min-width: 44rem) 42rem, calc(100vw - 2rem)"');
    expect(img).toMatch(/width="1600" height="900"/);
  });
});

describe('rendition bounds', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'roamly-renditions-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes one copy at a time; past 8 waiting, callers get the original for now', async () => {
    const store = localImageStore(dir);
    const names = await Promise.all(Array.from({ length: 12 }, async () => store.put(await coverJpeg(), 'image/jpeg')));
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const slow = async (bytes: Uint8Array) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
      return bytes.subarray(0, 10);
    };
    const service = renditions(store, { resize: slow });
    const answers = names.map((name) => service.get(name, 480));
    let settled = 0;
    for (const answer of answers) void answer.then(() => (settled += 1));
    // Nothing is released yet: 8 wait in line, the other 4 are answered at once.
    while (settled < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(4);
    const pump = setInterval(() => release.shift()?.(), 2);
    const all = await Promise.all(answers);
    clearInterval(pump);
    expect(all.filter((a) => a?.kind === 'rendition')).toHaveLength(8);
    expect(all.filter((a) => a?.kind === 'original' && !a.lasting)).toHaveLength(4);
    expect(most).toBe(1);
  });

  it('asks for the same copy once however many ask at the same moment, then serves it from memory', async () => {
    const store = localImageStore(dir);
    const name = await store.put(await coverJpeg(), 'image/jpeg');
    let calls = 0;
    const service = renditions(store, {
      resize: async (bytes) => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return bytes.subarray(0, 10);
      },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.get(name, 960)));
    expect(answers.every((a) => a?.kind === 'rendition')).toBe(true);
    await service.get(name, 960);
    expect(calls).toBe(1);
  });
});
