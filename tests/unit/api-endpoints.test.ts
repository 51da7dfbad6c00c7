/**
 * The per-endpoint modules: right method, path, body and headers (product §7,
 * contract §3), and responses checked against the contract schemas.
 */
import { describe, expect, it } from 'vitest';
import { eventRecord } from '../support/event-record.ts';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createEvent } from '../../src/shared/api/operations/create-event.ts';
import { deleteEvent } from '../../src/shared/api/operations/delete-event.ts';
import { UnexpectedResponseError } from '../../src/shared/api/errors.ts';
import { getProfile } from '../../src/shared/api/get-profile.ts';
import { listEvents } from '../../src/shared/api/list-events.ts';
import { placeDetails } from '../../src/shared/api/place-details.ts';
import { placesAutocomplete } from '../../src/shared/api/places-autocomplete.ts';
import { reportIssue } from '../../src/shared/api/operations/report-issue.ts';
import { updateEvent } from '../../src/shared/api/operations/update-event.ts';
import { updateProfile } from '../../src/shared/api/operations/update-profile.ts';
import { memoryTokenStore } from './support/fake-auth-server.ts';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

function clientAnswering(status: number, body: unknown) {
  const sent: Sent[] = [];
  const client = createApiClient({
    tokens: memoryTokenStore({ access: 'a', refresh: 'r' }),
    fetch: async (url, init) => {
      sent.push({ method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body });
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
  return { client, sent };
}

const event = eventRecord({
  title: 'Jazz night',
  location_name: 'London',
  latitude: 51.5,
  longitude: -0.12,
  start_date: '2026-12-01',
  is_sponsored: false,
  event_type: 'music',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

describe('endpoint modules', () => {
  it('a profile that does not match the contract is an UnexpectedResponseError, not a silent any', async () => {
    const { client } = clientAnswering(200, { id: 'not a number' });
    await expect(getProfile(client)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('update-profile sends multipart with only the given fields, the image and an Idempotency-Key', async () => {
    const { client, sent } = clientAnswering(200, {
      id: 1,
      email: 'a@example.com',
      full_name: '',
      display_name: 'new_name',
      bio: 'Hi',
      profile_image: '/uploads/x.webp',
      date_of_birth: null,
      gender: '',
      is_promoter: true,
      user_type: 'business',
    });
    const image = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const user = await updateProfile(client, { display_name: 'new_name' }, image, { idempotencyKey: 'k1' });
    expect(user.display_name).toBe('new_name');
    const [call] = sent;
    expect(call?.method).toBe('PATCH');
    expect(call?.url).toBe('/api/auth/profile/');
    expect(call?.headers.get('Idempotency-Key')).toBe('k1');
    const form = call?.body as FormData;
    expect([...form.keys()]).toEqual(['display_name', 'profile_image']);
    expect((form.get('profile_image') as File).name).toBe('me.png');
  });

  it('create-event encodes fields as multipart text (lists as JSON, booleans as true/false) with the cover', async () => {
    const { client, sent } = clientAnswering(201, event);
    const cover = new Blob([new Uint8Array([1])], { type: 'image/jpeg' });
    const created = await createEvent(
      client,
      { title: 'Jazz night', is_recurring: false, keywords: ['jazz', 'live'], latitude: 51.5, end_date: undefined },
      cover,
    );
    expect(created.id).toBe(12);
    const form = sent[0]?.body as FormData;
    expect(sent[0]?.url).toBe('/api/events/create/');
    expect(form.get('keywords')).toBe('["jazz","live"]');
    expect(form.get('is_recurring')).toBe('false');
    expect(form.get('latitude')).toBe('51.5');
    expect(form.has('end_date')).toBe(false);
    expect(form.get('cover_image')).toBeInstanceOf(Blob);
  });

  it('update-event sends PUT with If-Match; delete-event sends DELETE and accepts 204', async () => {
    const updated = clientAnswering(200, event);
    await updateEvent(updated.client, 12, { title: 'Jazz night' }, undefined, { ifMatch: 3, idempotencyKey: 'k2' });
    expect(updated.sent[0]).toMatchObject({ method: 'PUT', url: '/api/events/12/update/' });
    expect(updated.sent[0]?.headers.get('If-Match')).toBe('3');

    const deleted = clientAnswering(204, null);
    await expect(deleteEvent(deleted.client, 12)).resolves.toBeUndefined();
    expect(deleted.sent[0]).toMatchObject({ method: 'DELETE', url: '/api/events/12/delete/' });
  });

  it('report-issue sends anonymous JSON, leaves an empty email out, and checks the 201 body', async () => {
    const { client, sent } = clientAnswering(201, { id: 7, detail: 'Thank you.' });
    await expect(reportIssue(client, { message: 'It crashes on start' }, { idempotencyKey: 'k3' })).resolves.toEqual({
      id: 7,
      detail: 'Thank you.',
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/report-issue/',
      body: '{"message":"It crashes on start"}',
    });
    expect(sent[0]?.headers.get('Authorization')).toBeNull();
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe('k3');
    await expect(
      reportIssue(clientAnswering(201, {}).client, { message: 'It crashes on start' }),
    ).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('list-events validates every event', async () => {
    await expect(listEvents(clientAnswering(200, [event]).client)).resolves.toHaveLength(1);
    await expect(listEvents(clientAnswering(200, [{ ...event, keywords: 'jazz' }]).client)).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });

  it('places calls send platform=web and return predictions and coordinates', async () => {
    const search = clientAnswering(200, { predictions: [{ place_id: 'p1', description: 'London, UK' }] });
    expect(await placesAutocomplete(search.client, 'lond')).toEqual([{ place_id: 'p1', description: 'London, UK' }]);
    expect(search.sent[0]?.url).toBe('/api/media_feed/places-autocomplete/?input=lond&platform=web');

    const details = clientAnswering(200, { result: { geometry: { location: { lat: 51.5, lng: -0.12 } } } });
    expect(await placeDetails(details.client, 'p1')).toEqual({ lat: 51.5, lng: -0.12 });
    expect(details.sent[0]?.url).toBe('/api/media_feed/place-details/?place_id=p1&platform=web');
  });
});
