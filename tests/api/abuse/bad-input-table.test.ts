/**
 * The bad-input table: every API endpoint the app serves (listed from the app
 * itself, so a new endpoint is covered the day it is added) is fed thousands
 * of bad requests generated with fast-check from the shared valibot schemas —
 * wrong types, missing fields, NUL and other control characters, 1 MB
 * strings, deeply nested JSON, malformed multipart, wrong content types,
 * other users' ids, huge and zero-byte uploads, broken headers. Every answer
 * must be a 4xx (or a 2xx when the input happened to be fine) with a JSON
 * `detail` for errors; never a 5xx. The counts are printed.
 *
 * Reproduce a run with FUZZ_SEED=<seed> (printed); FUZZ_SCALE=2 doubles it.
 */
import fc from 'fast-check';
import type * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authContract from '../../../src/shared/contract/auth.ts';
import {
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResendVerificationRequestSchema,
  VerifyEmailRequestSchema,
} from '../../../src/shared/contract/auth.ts';
import { EventFieldsSchema } from '../../../src/shared/contract/event.ts';
import { ReportIssueRequestSchema } from '../../../src/shared/contract/issue.ts';
import {
  MatchingBusinessesQuerySchema,
  PlaceDetailsQuerySchema,
  PlacesAutocompleteQuerySchema,
} from '../../../src/shared/contract/places.ts';
import { ProfileUpdateFieldsSchema } from '../../../src/shared/contract/profile.ts';
import { PNG_1PX, type Account } from '../support/api-client.ts';
import {
  asText,
  badString,
  controlText,
  deeplyNested,
  mutated,
  mutations,
  plausibleValue,
  wrongType,
} from '../support/schema-fuzz.ts';
import { startOwnerAndStranger } from '../support/owner-and-stranger.ts';
import type { TestApp } from '../support/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const GOAL = 5000;

type BodyKind = 'json' | 'multipart' | 'query' | 'none';
interface Spec {
  body: BodyKind;
  schema?: v.GenericSchema;
  /** The file field of a multipart form. */
  file?: string;
  signedIn?: boolean;
}

/** What the shared contract says each known endpoint takes. Unknown endpoints get the generic attacks. */
const specs: Record<string, Spec> = {
  'POST /api/auth/login/': { body: 'json', schema: LoginRequestSchema },
  'POST /api/auth/refresh/': { body: 'json', schema: RefreshRequestSchema },
  'POST /api/auth/logout/': { body: 'json', schema: LogoutRequestSchema },
  'POST /api/auth/register/': { body: 'json', schema: RegisterRequestSchema },
  'POST /api/auth/verify-email/': { body: 'json', schema: VerifyEmailRequestSchema },
  'POST /api/auth/resend_verification/': { body: 'json', schema: ResendVerificationRequestSchema },
  'POST /api/auth/report-issue/': { body: 'json', schema: ReportIssueRequestSchema },
  'GET /api/auth/profile/': { body: 'none', signedIn: true },
  'PATCH /api/auth/profile/': {
    body: 'multipart',
    schema: ProfileUpdateFieldsSchema,
    file: 'profile_image',
    signedIn: true,
  },
  'POST /api/events/create/': { body: 'multipart', schema: EventFieldsSchema, file: 'cover_image', signedIn: true },
  'PUT /api/events/:id/update/': { body: 'multipart', schema: EventFieldsSchema, file: 'cover_image', signedIn: true },
  'GET /api/events/user/': { body: 'none', signedIn: true },
  'GET /api/events/:id/': { body: 'none', signedIn: true },
  'DELETE /api/events/:id/delete/': { body: 'none', signedIn: true },
  'GET /api/media_feed/places-autocomplete/': { body: 'query', schema: PlacesAutocompleteQuerySchema },
  'GET /api/media_feed/place-details/': { body: 'query', schema: PlaceDetailsQuerySchema },
  'GET /api/events/events/matching_businesses/': {
    body: 'query',
    schema: MatchingBusinessesQuerySchema,
    signedIn: true,
  },
};

/**
 * Account-recovery endpoints whose schemas arrive with the password-reset work:
 * picked up by name when they exist, so the table covers them without an edit.
 */
const recoverySchemas: Record<string, string[]> = {
  'POST /api/auth/password/forgot/': ['PasswordForgotRequestSchema', 'ForgotPasswordRequestSchema'],
  'POST /api/auth/password/reset/': ['PasswordResetRequestSchema', 'ResetPasswordRequestSchema'],
  'POST /api/auth/password/change/': ['PasswordChangeRequestSchema', 'ChangePasswordRequestSchema'],
};
for (const [endpoint, candidates] of Object.entries(recoverySchemas)) {
  const exported = authContract as unknown as Record<string, v.GenericSchema | undefined>;
  const schema = candidates.map((name) => exported[name]).find(Boolean);
  if (schema) specs[endpoint] = { body: 'json', schema, signedIn: endpoint.endsWith('/change/') };
}

/** A request as sent: built lazily, so 1 MB bodies exist one at a time. */
interface BadRequest {
  endpoint: string;
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: () => BodyInit;
}

let t: TestApp;
let owner: Account;
let stranger: Account;
let ownersEvent: number;
beforeAll(async () => {
  ({ t, owner, stranger, ownersEvent } = await startOwnerAndStranger());
});
afterAll(() => t.close());

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, salt: number): T[] =>
  fc.sample(arbitrary, { numRuns: Math.round(numRuns * SCALE), seed: SEED + salt });

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.access}` });

/** Concrete paths for a route template: real ids, other users' ids, and nonsense. */
function pathsFor(template: string): { path: string; label: string }[] {
  if (template.includes(':id')) {
    const ids = [
      [String(ownersEvent), 'own id'],
      ['999999', 'unknown id'],
      ['0', 'zero id'],
      ['-1', 'negative id'],
      ['1.5', 'fractional id'],
      ['1e3', 'exponent id'],
      ['99999999999999999999999', 'overflowing id'],
      ['abc', 'text id'],
      ['%00', 'NUL id'],
      ['%20' + ownersEvent, 'padded id'],
      ['x'.repeat(5000), 'huge id'],
    ];
    return ids.map(([id, label]) => ({ path: template.replace(':id', id!), label: label! }));
  }
  if (template.includes(':name')) {
    return [
      'nope.png',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '%00.png',
      'a'.repeat(5000) + '.png',
      '.hidden',
      'x%0d%0aSet-Cookie:%20a=b',
    ].map((name) => ({ path: template.replace(':name', name), label: `media name ${name.slice(0, 20)}` }));
  }
  return [{ path: template, label: 'path' }];
}

function jsonRequest(endpoint: string, method: string, path: string, label: string, body: unknown, headers = {}) {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    text = '{}';
  }
  return {
    endpoint,
    label,
    method,
    path,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: () => text,
  } satisfies BadRequest;
}

function formOf(fields: Record<string, unknown>, files: Record<string, Blob> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, asText(value));
  for (const [name, blob] of Object.entries(files)) data.append(name, blob, `${name}.bin`);
  return data;
}

/** Schema-driven requests: the endpoint's own fields, one broken at a time. */
function schemaRequests(endpoint: string, spec: Spec, method: string, path: string, salt: number): BadRequest[] {
  if (!spec.schema) return [];
  const schema = spec.schema;
  const runs = spec.body === 'json' ? 320 : 340;
  const auth = spec.signedIn ? bearer(owner) : {};
  const keyed = fc.option(fc.uuid(), { freq: 3 });
  return sample(fc.tuple(mutations(schema), keyed), runs, salt).map(([mutation, key], i): BadRequest => {
    const label = `${mutation.kind} ${mutation.field}`;
    const value = mutated(schema, mutation);
    const headers: Record<string, string> = { ...auth, ...(key && method !== 'GET' ? { 'Idempotency-Key': key } : {}) };
    if (spec.body === 'json') {
      // Register and friends under their own address bucket, so limits do not hide validation.
      return jsonRequest(endpoint, method, path, label, value, { ...headers, 'X-Fuzz': String(i) });
    }
    if (spec.body === 'query') {
      const query = new URLSearchParams();
      for (const [name, item] of Object.entries(value)) query.append(name, asText(item));
      return { endpoint, label, method, path: `${path}?${query}`, headers };
    }
    return { endpoint, label, method, path, headers, body: () => formOf(value) };
  });
}

const bytes = (n: number, fill = 0x41) => new Uint8Array(n).fill(fill);

/** Attacks that need no schema: bodies, content types, multipart, uploads, headers, tokens. */
function genericRequests(endpoint: string, spec: Spec, method: string, path: string, salt: number): BadRequest[] {
  const out: BadRequest[] = [];
  const auth = spec.signedIn ? bearer(owner) : {};
  const add = (label: string, headers: Record<string, string>, body?: () => BodyInit, at = path) =>
    out.push({ endpoint, label, method, path: at, headers: { ...auth, ...headers }, ...(body ? { body } : {}) });
  const base = spec.schema ? (plausibleValue(spec.schema as never) as Record<string, unknown>) : {};

  if (method !== 'GET') {
    // Malformed JSON and JSON of the wrong shape.
    for (const text of sample(fc.string({ maxLength: 60 }), 25, salt + 1)) {
      add('malformed JSON', { 'Content-Type': 'application/json' }, () => `{"a": ${text}`);
    }
    for (const top of ['null', '[]', '"text"', '42', 'true', '[{}]', '{"__proto__": {"admin": true}}']) {
      add(`JSON ${top}`, { 'Content-Type': 'application/json' }, () => top);
    }
    add('deep JSON arrays', { 'Content-Type': 'application/json' }, () => '['.repeat(30_000) + ']'.repeat(30_000));
    add('deep JSON objects', { 'Content-Type': 'application/json' }, () =>
      JSON.stringify(deeplyNested(2000, 'object')),
    );
    add('1 MB JSON string', { 'Content-Type': 'application/json' }, () =>
      JSON.stringify({ ...base, message: 'x'.repeat(1024 * 1024) }),
    );
    add('empty JSON body', { 'Content-Type': 'application/json' }, () => '');
    add(
      'UTF-16 JSON',
      { 'Content-Type': 'application/json; charset=utf-16' },
      () => new Uint8Array(Buffer.from(JSON.stringify(base), 'utf16le')),
    );
    add('invalid UTF-8', { 'Content-Type': 'application/json' }, () =>
      Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    );
    // Wrong and missing content types.
    for (const type of ['', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png']) {
      add(`content type "${type}"`, type ? { 'Content-Type': type } : {}, () => JSON.stringify(base));
    }
    add('multipart without boundary', { 'Content-Type': 'multipart/form-data' }, () => 'title=x');
    add(
      'multipart, wrong boundary',
      { 'Content-Type': 'multipart/form-data; boundary=abc' },
      () => '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi\r\n--xyz--\r\n',
    );
    add(
      'multipart, truncated',
      { 'Content-Type': 'multipart/form-data; boundary=abc' },
      () => '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nhi',
    );
    add(
      'multipart, no headers',
      { 'Content-Type': 'multipart/form-data; boundary=abc' },
      () => '--abc\r\n\r\n\r\n--abc--\r\n',
    );
    add(
      'multipart, NUL in field name',
      { 'Content-Type': 'multipart/form-data; boundary=abc' },
      () => '--abc\r\nContent-Disposition: form-data; name="ti\u0000tle"\r\n\r\nhi\r\n--abc--\r\n',
    );
    for (const junk of sample(fc.uint8Array({ maxLength: 400 }), 15, salt + 2)) {
      add('multipart, random bytes', { 'Content-Type': 'multipart/form-data; boundary=----fuzz' }, () => junk);
    }
    for (const junk of sample(fc.uint8Array({ maxLength: 300 }), 10, salt + 3)) {
      add('random bytes as JSON', { 'Content-Type': 'application/json' }, () => junk);
    }
    // Multipart forms with text fields broken and odd uploads.
    const fileField = spec.file ?? 'cover_image';
    const uploads: [string, () => Blob][] = [
      ['zero-byte upload', () => new Blob([])],
      ['text posing as PNG', () => new Blob(['not an image'], { type: 'image/png' })],
      ['PNG header only', () => new Blob([PNG_1PX.slice(0, 16)], { type: 'image/png' })],
      ['SVG with script', () => new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' })],
      ['GIF magic and junk', () => new Blob(['GIF89a', bytes(300, 0xff)], { type: 'image/gif' })],
      ['11 MB upload', () => new Blob([PNG_1PX, bytes(11 * 1024 * 1024)], { type: 'image/png' })],
    ];
    for (const [label, blob] of uploads) {
      add(label, {}, () => formOf({ title: 'Upload test' }, { [fileField]: blob() }));
    }
    add('file in a text field', {}, () => formOf({}, { title: new Blob(['x']) }));
    add('text in the file field', {}, () => formOf({ title: 'x', [fileField]: 'not a file' }));
    add('repeated fields', {}, () => {
      const data = formOf({ title: 'one' });
      for (let i = 0; i < 200; i++) data.append('title', `again ${i}`);
      return data;
    });
    for (const text of sample(controlText, 10, salt + 4)) {
      add('control characters in every field', {}, () =>
        formOf(Object.fromEntries(Object.keys(base).map((name) => [name, text]))),
      );
    }
    // Broken idempotency keys.
    for (const key of ['', ' ', 'k'.repeat(300), 'cl\u00e9', 'a\tb']) {
      add(`Idempotency-Key ${JSON.stringify(key.slice(0, 8))}`, { 'Idempotency-Key': key }, () => JSON.stringify(base));
    }
    if (endpoint.startsWith('PUT')) {
      for (const tag of ['', 'abc', '-1', '99999999999999999999', '"1"', 'W/"1"', '*', '1, 2']) {
        add(`If-Match ${tag}`, { 'If-Match': tag }, () => formOf({ title: 'x' }));
      }
    }
  } else {
    // Query strings: control characters, huge values, repeats, unknown names.
    const names = spec.schema ? Object.keys(base) : ['q'];
    for (const value of sample(badString, 30, salt + 5)) {
      const name = names[value.length % names.length]!;
      const query = new URLSearchParams({ ...(base as Record<string, string>), [name]: value.slice(0, 70_000) });
      add(`query ${name} bad text`, {}, undefined, `${path}?${query}`);
    }
    add('repeated query', {}, undefined, `${path}?${names.map((n) => `${n}=a&${n}=b`).join('&')}`);
    add('malformed percent-encoding', {}, undefined, `${path}?${names[0]}=%E0%A4%A&x=%`);
  }

  // Tokens: none, garbage, another scheme, a token signed with another key, another user's.
  const tokens: [string, Record<string, string>][] = [
    ['no token', {}],
    ['garbage token', { Authorization: 'Bearer abc.def.ghi' }],
    ['basic auth', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['empty bearer', { Authorization: 'Bearer ' }],
    [
      'forged token',
      {
        Authorization:
          'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjEsInVzZXJUeXBlIjoiYnVzaW5lc3MiLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl',
      },
    ],
    ['alg none token', { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOjF9.' }],
    ['other user', bearer(stranger)],
    ['huge token', { Authorization: `Bearer ${'a'.repeat(20_000)}` }],
  ];
  for (const [label, headers] of tokens) {
    out.push({
      endpoint,
      label,
      method,
      path,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(method === 'GET' ? {} : { body: () => JSON.stringify(base) }),
    });
  }
  return out;
}

function requestsFor(endpoint: string, salt: number): BadRequest[] {
  const [method, template] = endpoint.split(' ') as [string, string];
  const spec = specs[endpoint] ?? { body: method === 'GET' ? 'none' : 'json', signedIn: true };
  const out: BadRequest[] = [];
  for (const [i, { path, label }] of pathsFor(template).entries()) {
    if (i === 0) {
      out.push(...schemaRequests(endpoint, spec, method, path, salt));
      out.push(...genericRequests(endpoint, spec, method, path, salt));
    } else {
      // Odd ids with a plausible body, as the owner and as another user.
      for (const account of [owner, stranger]) {
        out.push({
          endpoint,
          label,
          method,
          path,
          headers: bearer(account),
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: () => formOf({ title: 'Not yours' }) }),
        });
      }
    }
  }
  if (template.includes(':id')) {
    // Another user's real event: read, update, delete must all be refused.
    const theirs = template.replace(':id', String(ownersEvent));
    for (const wrongType of ['json', 'multipart'] as const) {
      out.push({
        endpoint,
        label: `other user's id (${wrongType})`,
        method,
        path: theirs,
        headers: bearer(stranger),
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { body: () => (wrongType === 'json' ? JSON.stringify({ title: 'mine now' }) : formOf({ title: 'mine' })) }),
      });
    }
  }
  // Wrong types for every field, sent as JSON to multipart endpoints and the reverse.
  if (specs[endpoint]?.schema && method !== 'GET') {
    for (const value of sample(wrongType, 30, salt + 6)) {
      const schema = specs[endpoint]!.schema!;
      const body = Object.fromEntries(Object.keys(plausibleValue(schema as never) as object).map((k) => [k, value]));
      out.push(
        jsonRequest(
          endpoint,
          method,
          template.replace(':id', String(ownersEvent)),
          'every field wrong',
          body,
          bearer(owner),
        ),
      );
    }
  }
  return out;
}

interface Outcome {
  endpoint: string;
  label: string;
  status: number;
  detail: string;
}

async function send(request: BadRequest): Promise<Outcome> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body) init.body = request.body();
  let status: number;
  let detail = '';
  try {
    const res = await t.app.request(request.path, init);
    status = res.status;
    const text = await res.text();
    if (status >= 400) {
      try {
        const parsed = JSON.parse(text) as { detail?: unknown };
        detail = typeof parsed.detail === 'string' ? parsed.detail : `NO DETAIL: ${text.slice(0, 80)}`;
      } catch {
        detail = `NOT JSON: ${text.slice(0, 80)}`;
      }
    }
  } catch (error) {
    status = 599; // the app threw instead of answering
    detail = error instanceof Error ? error.message : String(error);
  }
  return { endpoint: request.endpoint, label: request.label, status, detail };
}

describe('the bad-input table', () => {
  it(`answers ${GOAL}+ bad requests over every endpoint with 4xx, never 5xx`, async () => {
    const endpoints = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    const requests = endpoints.flatMap((endpoint, i) => requestsFor(endpoint, i * 1000));
    // Two more not-found probes: unknown paths and methods.
    requests.push(
      ...['POST /api/nope/', 'PATCH /api/events/create/', 'DELETE /api/auth/profile/', 'PUT /api/health'].map(
        (endpoint) => {
          const [method, path] = endpoint.split(' ') as [string, string];
          return jsonRequest('unknown', method, path, endpoint, {});
        },
      ),
    );

    const started = performance.now();
    const cpu = process.cpuUsage();
    const outcomes: Outcome[] = [];
    const errors = console.error;
    const logged: unknown[][] = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      // A few in flight at once, as real clients are: the idempotency transactions interleave too.
      const queue = [...requests];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) outcomes.push(await send(next));
        }),
      );
    } finally {
      console.error = errors;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;

    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const refused = outcomes.filter((o) => o.status >= 400 && o.status < 500).length;
    const undetailed = outcomes.filter((o) => o.status >= 400 && o.status < 500 && o.detail.startsWith('NO'));
    const byStatus = new Map<number, number>();
    for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    const perEndpoint = new Map<string, number>();
    for (const o of outcomes) perEndpoint.set(o.endpoint, (perEndpoint.get(o.endpoint) ?? 0) + 1);
    console.log(
      [
        `bad-input table (seed ${SEED}, scale ${SCALE}): ${outcomes.length} requests over ${endpoints.length} endpoints ` +
          `in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s CPU); ${refused} refused with a 4xx; ${serverErrors.length} × 5xx; ${undetailed.length} × 4xx without a JSON detail`,
        `statuses: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
        ...[...perEndpoint].map(([endpoint, n]) => `  ${endpoint}: ${n}`),
        ...serverErrors.slice(0, 40).map((o) => `  5xx ${o.status} ${o.endpoint} [${o.label}] ${o.detail}`),
        ...undetailed.slice(0, 20).map((o) => `  no detail ${o.status} ${o.endpoint} [${o.label}] ${o.detail}`),
        ...logged.slice(0, 5).map((args) => `  logged: ${args.map(String).join(' ').slice(0, 300)}`),
      ].join('\n'),
    );

    expect(endpoints.length).toBeGreaterThanOrEqual(17);
    // The goal counts requests the API refused: generated input that happened to be fine does not count.
    expect(refused).toBeGreaterThanOrEqual(GOAL * Math.min(SCALE, 1));
    expect(serverErrors.map((o) => `${o.status} ${o.endpoint} [${o.label}] ${o.detail}`)).toEqual([]);
    expect(undetailed.map((o) => `${o.status} ${o.endpoint} [${o.label}] ${o.detail}`)).toEqual([]);
  }, 180_000);
});
