import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await startTestApp();
  account = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const signatures: [string, Uint8Array<ArrayBuffer>][] = [
  ['image/png', PNG_1PX],
  ['image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])],
  ['image/gif', new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
  ['image/webp', new TextEncoder().encode('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00')],
];

describe('uploads', () => {
  it.each(signatures)(
    'accepts %s by its content, stores it under a random name and serves it with nosniff',
    async (type, bytes) => {
      // The client claims text/plain and a .txt name: only the bytes count.
      const file = new File([bytes], 'picture.txt', { type: 'text/plain' });
      const res = await call(t.app, 'PATCH', '/api/auth/profile/', {
        token: account.access,
        form: form({ profile_image: file }),
      });
      expect(res.status).toBe(200);
      const url = new URL(res.body.profile_image as string);
      expect(url.pathname).not.toContain('picture');
      const served = await t.app.request(url.pathname);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    },
  );

  it('rejects files that are not images with 415, whatever they are called', async () => {
    const html = new File(['<script>alert(1)</script>'], 'evil.png', { type: 'image/png' });
    const res = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'x', cover_image: html }),
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/JPEG, PNG, WebP or GIF/);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' });
    expect(
      (await call(t.app, 'PATCH', '/api/auth/profile/', { token: account.access, form: form({ profile_image: svg }) }))
        .status,
    ).toBe(415);
  });

  it('rejects images over 10 MB with 413 and a JSON detail', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_1PX);
    const res = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ profile_image: new File([big], 'big.png', { type: 'image/png' }) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('replaces the old file when a new cover is uploaded, and 404s unknown names', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'With cover', cover_image: new File([PNG_1PX], 'a.png') }),
    });
    const oldPath = new URL(created.body.cover_image).pathname;
    const updated = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: account.access,
      form: form({ cover_image: new File([PNG_1PX], 'b.png') }),
    });
    expect(updated.body.cover_image).not.toBe(created.body.cover_image);
    expect((await t.app.request(oldPath)).status).toBe(404);
    expect((await t.app.request('/api/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
