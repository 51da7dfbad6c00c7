/**
 * Every endpoint, fed what real clients and attackers send by mistake or on
 * purpose: malformed JSON, wrong types, missing fields, 1 MB strings,
 * non-image uploads, other users' ids. Each must answer 4xx with a JSON
 * detail — never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, type Account } from './support/api-client.ts';
import { startOwnerAndStranger } from './support/owner-and-stranger.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let owner: Account;
let stranger: Account;
let ownersEvent: number;
beforeAll(async () => {
  ({ t, owner, stranger, ownersEvent } = await startOwnerAndStranger());
});
afterAll(() => t.close());

const huge = 'x'.repeat(1024 * 1024);
const notImage = () => new File(['just text, not an image'], 'photo.jpg', { type: 'image/jpeg' });

type Case = {
  name: string;
  method: string;
  path: string | (() => string);
  json?: unknown;
  raw?: string;
  form?: () => FormData;
  auth?: 'owner' | 'stranger';
  headers?: Record<string, string>;
};

const jsonEndpoints = [
  '/api/auth/login/',
  '/api/auth/refresh/',
  '/api/auth/logout/',
  '/api/auth/register/',
  '/api/auth/verify-email/',
  '/api/auth/resend_verification/',
  '/api/auth/report-issue/',
];

const cases: Case[] = [
  ...jsonEndpoints.flatMap((path): Case[] => [
    { name: 'malformed JSON', method: 'POST', path, raw: '{"email": ' },
    { name: 'a JSON array', method: 'POST', path, raw: '[1,2,3]' },
    { name: 'JSON null', method: 'POST', path, raw: 'null' },
    { name: 'an empty object', method: 'POST', path, json: {} },
    {
      name: 'wrong types',
      method: 'POST',
      path,
      json: { email: 42, password: [], refresh: {}, code: 1234, message: false, display_name: null, user_type: 7 },
    },
    {
      name: 'a 1 MB string',
      method: 'POST',
      path,
      json: { email: huge, password: huge, refresh: huge, message: huge, code: huge },
    },
    { name: 'form data instead of JSON', method: 'POST', path, form: () => form({ email: 'a@b.c' }) },
  ]),
  {
    name: 'register with an invalid email',
    method: 'POST',
    path: '/api/auth/register/',
    json: { email: 'not-an-email', password: 'password-1', display_name: 'x', user_type: 'business' },
  },
  {
    name: 'register with a bad date',
    method: 'POST',
    path: '/api/auth/register/',
    json: {
      email: 'd@example.org',
      password: 'password-1',
      display_name: 'x',
      user_type: 'business',
      date_of_birth: '31/12/1990',
    },
  },
  {
    name: 'register with an unknown gender',
    method: 'POST',
    path: '/api/auth/register/',
    json: { email: 'g@example.org', password: 'password-1', display_name: 'x', user_type: 'business', gender: 'robot' },
  },
  {
    name: 'register with a short password',
    method: 'POST',
    path: '/api/auth/register/',
    json: { email: 's@example.org', password: 'short', display_name: 'x', user_type: 'business' },
  },
  {
    name: 'verify with a 6-digit code',
    method: 'POST',
    path: '/api/auth/verify-email/',
    json: { email: 'a@example.org', code: '123456' },
  },
  {
    name: 'a short issue message',
    method: 'POST',
    path: '/api/auth/report-issue/',
    json: { message: '   too short     ' },
  },
  {
    name: 'an issue with a bad email',
    method: 'POST',
    path: '/api/auth/report-issue/',
    json: { email: 'nope', message: 'This is long enough to send.' },
  },
  { name: 'profile without a token', method: 'GET', path: '/api/auth/profile/' },
  {
    name: 'profile patch without a token',
    method: 'PATCH',
    path: '/api/auth/profile/',
    form: () => form({ bio: 'x' }),
  },
  {
    name: 'profile patch with a bad display name',
    method: 'PATCH',
    path: '/api/auth/profile/',
    auth: 'owner',
    form: () => form({ display_name: 'bad name!' }),
  },
  {
    name: 'profile patch with a 1 MB bio',
    method: 'PATCH',
    path: '/api/auth/profile/',
    auth: 'owner',
    form: () => form({ bio: huge }),
  },
  {
    name: 'profile patch with a non-image',
    method: 'PATCH',
    path: '/api/auth/profile/',
    auth: 'owner',
    form: () => form({ profile_image: notImage() }),
  },
  {
    name: 'profile patch as plain text',
    method: 'PATCH',
    path: '/api/auth/profile/',
    auth: 'owner',
    headers: { 'Content-Type': 'text/plain' },
    raw: 'hello',
  },
  { name: 'events list without a token', method: 'GET', path: '/api/events/user/' },
  { name: 'create without a token', method: 'POST', path: '/api/events/create/', form: () => form({ title: 'x' }) },
  { name: 'create with malformed JSON', method: 'POST', path: '/api/events/create/', auth: 'owner', raw: '{"title":' },
  {
    name: 'create with wrong types',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    json: { title: 5, latitude: 'north', is_recurring: 'perhaps', keywords: 'not-json[' },
  },
  {
    name: 'create with a 1 MB title',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    form: () => form({ title: huge }),
  },
  {
    name: 'create with a non-image cover',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    form: () => form({ title: 'x', cover_image: notImage() }),
  },
  {
    name: 'create with keywords that are an object',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    form: () => form({ title: 'x', keywords: '{"a":1}' }),
  },
  {
    name: 'create with schedule blocks as a list',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    form: () => form({ title: 'x', schedule_blocks: '[1]' }),
  },
  {
    name: "update another user's event",
    method: 'PUT',
    path: () => `/api/events/${ownersEvent}/update/`,
    auth: 'stranger',
    form: () => form({ title: 'mine now' }),
  },
  {
    name: "delete another user's event",
    method: 'DELETE',
    path: () => `/api/events/${ownersEvent}/delete/`,
    auth: 'stranger',
  },
  { name: "read another user's event", method: 'GET', path: () => `/api/events/${ownersEvent}/`, auth: 'stranger' },
  {
    name: 'update a non-numeric id',
    method: 'PUT',
    path: '/api/events/abc/update/',
    auth: 'owner',
    form: () => form({ title: 'x' }),
  },
  {
    name: 'update an id too large',
    method: 'PUT',
    path: '/api/events/99999999999999999999/update/',
    auth: 'owner',
    form: () => form({ title: 'x' }),
  },
  {
    name: 'update with a garbage If-Match',
    method: 'PUT',
    path: () => `/api/events/${ownersEvent}/update/`,
    auth: 'owner',
    headers: { 'If-Match': 'banana' },
    form: () => form({ title: 'x' }),
  },
  { name: 'delete a missing event', method: 'DELETE', path: '/api/events/424242/delete/', auth: 'owner' },
  {
    name: 'a bad Idempotency-Key',
    method: 'POST',
    path: '/api/events/create/',
    auth: 'owner',
    headers: { 'Idempotency-Key': 'has spaces in it' },
    form: () => form({ title: 'x' }),
  },
  { name: 'autocomplete without input', method: 'GET', path: '/api/media_feed/places-autocomplete/' },
  {
    name: 'autocomplete with a 1 MB input',
    method: 'GET',
    path: `/api/media_feed/places-autocomplete/?input=${'a'.repeat(5000)}`,
  },
  { name: 'details without place_id', method: 'GET', path: '/api/media_feed/place-details/' },
  { name: 'details with an unknown place_id', method: 'GET', path: '/api/media_feed/place-details/?place_id=city:0' },
  {
    name: 'details with a garbage place_id',
    method: 'GET',
    path: '/api/media_feed/place-details/?place_id=%27%3B%20DROP%20TABLE',
  },
  {
    name: 'matching businesses without a token',
    method: 'GET',
    path: '/api/events/events/matching_businesses/?venue=x&lat=1&lng=1',
  },
  {
    name: 'matching businesses with lat out of range',
    method: 'GET',
    path: '/api/events/events/matching_businesses/?venue=x&lat=100&lng=1',
    auth: 'owner',
  },
  {
    name: 'matching businesses with lng not a number',
    method: 'GET',
    path: '/api/events/events/matching_businesses/?venue=x&lat=1&lng=east',
    auth: 'owner',
  },
  {
    name: 'matching businesses without venue',
    method: 'GET',
    path: '/api/events/events/matching_businesses/?lat=1&lng=1',
    auth: 'owner',
  },
  { name: 'the dev mailbox without email', method: 'GET', path: '/api/dev/mailbox' },
  { name: 'an unknown image', method: 'GET', path: '/api/media/does-not-exist.png' },
  { name: 'an unknown endpoint', method: 'POST', path: '/api/events/' },
];

describe('bad input never causes a 5xx', () => {
  it.each(
    cases.map(
      (c) => [`${c.method} ${typeof c.path === 'string' ? c.path.slice(0, 60) : 'event'}: ${c.name}`, c] as const,
    ),
  )('%s', async (_, c) => {
    const token = c.auth === 'owner' ? owner.access : c.auth === 'stranger' ? stranger.access : undefined;
    const path = typeof c.path === 'string' ? c.path : c.path();
    const res = await call(t.app, c.method, path, {
      ...(token ? { token } : {}),
      ...(c.json !== undefined ? { json: c.json } : {}),
      ...(c.raw !== undefined ? { raw: c.raw } : {}),
      ...(c.form ? { form: c.form() } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
    });
    expect(res.status, JSON.stringify(res.body)?.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(typeof res.body.detail).toBe('string');
    expect(res.body.detail.length).toBeGreaterThan(0);
  });

  it("leaves the owner's event untouched after all that", async () => {
    const res = await call(t.app, 'GET', `/api/events/${ownersEvent}/`, { token: owner.access });
    expect(res.body).toMatchObject({ title: 'Owned', version: 1 });
  });
});
