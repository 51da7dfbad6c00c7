/** Reading a public listing page the way a visitor's browser does, for API tests. */
import type { TestApp } from './test-app.ts';

/** `/e/{id}`'s HTML, following the slug redirect (its Location is absolute, on `publicUrl`). */
export async function publicPage(t: TestApp, id: number, publicUrl: string): Promise<{ status: number; html: string }> {
  let res = await t.app.request(`/e/${id}`);
  if (res.status === 301) res = await t.app.request(res.headers.get('location')!.replace(publicUrl, ''));
  return { status: res.status, html: await res.text() };
}

/** The page's JSON-LD object (any: tests read what they look at). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export function jsonLdOf(html: string): Json {
  return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Json;
}
