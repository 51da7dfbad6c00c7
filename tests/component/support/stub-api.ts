/**
 * Replaces `fetch` with a table of API answers keyed by "METHOD /path", and
 * records what the page sent. Unlisted calls answer 404 like the real API.
 */
import { vi } from 'vitest';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (body: unknown, headers: Headers) => Answer | Promise<Answer>;

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers (X-Account, If-Match, …), lower-cased names. */
  headers: Headers;
}

export function stubApi(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://app.test').pathname;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const headers = new Headers(init.headers);
    sent.push({ method, path, body, headers });
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler(body, headers) : { status: 404, body: { detail: 'Not found.' } };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  return { sent };
}

export const businessUser = {
  id: 1,
  email: 'new@example.com',
  full_name: 'New Owner',
  display_name: 'new.owner',
  bio: '',
  profile_image: null,
  date_of_birth: null,
  gender: '',
  is_promoter: true,
  user_type: 'business',
};
