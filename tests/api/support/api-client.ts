/**
 * Small helpers that speak the API the way the PWA does, for tests: JSON
 * posts, multipart forms, bearer tokens, and accounts made through the real
 * register → mailbox → verify path.
 */
import type { TestApp } from './test-app.ts';

type App = TestApp['app'];

export interface Sent {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

async function read(res: Response): Promise<Sent> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

export async function call(
  app: App,
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = options.raw;
  } else if (options.form) {
    body = options.form;
  }
  return read(await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
}

export function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

export async function latestCode(app: App, email: string): Promise<string> {
  const mailbox = await call(app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  const messages = mailbox.body.messages as { code?: string }[];
  const code = [...messages].reverse().find((m) => m.code)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.org`;
}

export interface Account {
  email: string;
  password: string;
  access: string;
  refresh: string;
}

/** Registers, reads the code from the dev mailbox, verifies: a signed-in account. */
export async function signUp(
  app: App,
  userType: 'business' | 'subpromoter' = 'business',
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const email = uniqueEmail(userType);
  const password = 'correct-horse-1';
  const registered = await call(app, 'POST', '/api/auth/register/', {
    json: {
      email,
      password,
      full_name: 'Test Person',
      display_name: 'tester',
      user_type: userType,
      is_promoter: true,
      ...overrides,
    },
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${JSON.stringify(registered.body)}`);
  const verified = await call(app, 'POST', '/api/auth/verify-email/', {
    json: { email, code: await latestCode(app, email) },
  });
  if (verified.status !== 200) throw new Error(`verify ${verified.status} ${JSON.stringify(verified.body)}`);
  return { email, password, access: verified.body.access, refresh: verified.body.refresh };
}

/** A tiny valid PNG (1×1). */
export const PNG_1PX = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export function pngFile(name = 'cover.png'): File {
  return new File([PNG_1PX], name, { type: 'image/png' });
}
