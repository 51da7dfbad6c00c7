/**
 * `fetch` replaced by a server that accepts issue reports (their messages kept in
 * `delivered`, in the order they arrived) and answers anything else `{ ok: true }`,
 * or by no server at all while `up()` is false (every request fails as a dropped
 * connection does). `onRequest` sees each path first.
 */
import { vi } from 'vitest';

export function stubReportIssueServer(
  up: () => boolean,
  delivered: string[],
  onRequest: (path: string) => void = () => undefined,
): void {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://app.test').pathname;
    onRequest(path);
    if (!up()) throw new TypeError('Failed to fetch');
    if (init.method === 'POST' && path.includes('report-issue')) {
      delivered.push((JSON.parse(init.body as string) as { message: string }).message);
      return Response.json({ id: delivered.length, detail: 'Thanks.' }, { status: 201 });
    }
    return Response.json({ ok: true });
  });
}
