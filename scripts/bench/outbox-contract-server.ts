/**
 * An in-memory server speaking the outbox's part of the API contract
 * (contract §3): event create/update/delete (multipart), If-Match with
 * versions (412 + current event), 404 on a second delete, report-issue, and
 * Idempotency-Key replay. It counts how often each write was *applied*, so
 * tests and the bench can see duplicates. Faults are injected by the caller
 * through `fault()` (503 before apply, drop after commit), deterministically.
 * Only the workbox comparison bench uses it (both clients must see the same
 * deterministic server); the tests run against the real API app.
 */
import { eventRecord } from '../../tests/support/event-record.ts';

export type Fault = 'none' | 'error' | 'drop';

/** The stored event as the contract's full record (the client checks every answer against it). */
function asRecord(event: ServerEvent) {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  return eventRecord({ id: event.id, version: event.version, title: text(event.title, ''), bio: text(event.bio, '') });
}

export interface ServerEvent {
  id: number;
  version: number;
  [field: string]: unknown;
}

export interface ContractServerOptions {
  /** Decides the fate of each write request, in order. */
  fault?: (method: string, path: string) => Fault;
  /** Added before every answer (ms), via the injected sleep. */
  latency?: number;
  sleep?: (ms: number) => Promise<void>;
}

export function createContractServer(options: ContractServerOptions = {}) {
  const events = new Map<number, ServerEvent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const reports: Array<{ email: string | null; message: string }> = [];
  /** Applications per idempotency key (> 1 means applied twice). */
  const applied = new Map<string, number>();
  let nextId = 1;
  let requests = 0;
  let faults = 0;

  const json = (status: number, body: unknown) =>
    status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  function fieldsOf(body: BodyInit | null | undefined): Record<string, unknown> {
    if (!(body instanceof FormData)) return {};
    const fields: Record<string, unknown> = {};
    for (const [name, value] of body.entries()) fields[name] = typeof value === 'string' ? value : `blob:${value.size}`;
    return fields;
  }

  function apply(method: string, path: string, init: RequestInit): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/api/events/create/') {
      const event: ServerEvent = { ...fieldsOf(init.body), id: nextId++, version: 1 };
      events.set(event.id, event);
      return { status: 201, body: asRecord(event) };
    }
    if (method === 'PUT' && (match = /^\/api\/events\/(\d+)\/update\/$/.exec(path))) {
      const event = events.get(Number(match[1]));
      if (!event) return { status: 404, body: { detail: 'Not found.' } };
      const ifMatch = new Headers(init.headers).get('If-Match');
      if (ifMatch !== null && Number(ifMatch) !== event.version) return { status: 412, body: event };
      const updated = { ...event, ...fieldsOf(init.body), id: event.id, version: event.version + 1 };
      events.set(event.id, updated);
      return { status: 200, body: asRecord(updated) };
    }
    if (method === 'DELETE' && (match = /^\/api\/events\/(\d+)\/delete\/$/.exec(path))) {
      if (!events.delete(Number(match[1]))) return { status: 404, body: { detail: 'Not found.' } };
      return { status: 204, body: null };
    }
    if (method === 'POST' && path === '/api/auth/report-issue/') {
      const body = JSON.parse(String(init.body)) as { email?: string; message: string };
      if (body.message.trim().length < 10) return { status: 400, body: { detail: 'Message too short.' } };
      reports.push({ email: body.email ?? null, message: body.message });
      return { status: 201, body: { id: reports.length, detail: 'Thanks.' } };
    }
    return { status: 404, body: { detail: `No API endpoint at ${method} ${path}.` } };
  }

  async function fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(input, 'http://server.test').pathname;
    requests += 1;
    if (options.latency) await (options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(options.latency);
    const fault = method === 'GET' ? 'none' : (options.fault?.(method, path) ?? 'none');
    if (fault === 'error') {
      faults += 1;
      return json(503, { detail: 'Service unavailable (chaos).' });
    }
    const headers = new Headers(init.headers);
    const key = headers.get('Idempotency-Key');
    let reply = key ? replies.get(key) : undefined;
    if (!reply) {
      reply = apply(method, path, init);
      if (key) replies.set(key, reply);
      // Clients without idempotency keys (the workbox bench) label writes with X-Edit-Id, only for counting.
      const label = key ?? headers.get('X-Edit-Id');
      if (label && reply.status < 300) applied.set(label, (applied.get(label) ?? 0) + 1);
    }
    if (fault === 'drop') {
      faults += 1;
      throw new TypeError('Failed to fetch (connection dropped after commit)');
    }
    return json(reply.status, reply.body);
  }

  return {
    fetch,
    events,
    reports,
    applied,
    get requests() {
      return requests;
    },
    get faults() {
      return faults;
    },
    /** Another device edits an event (for conflict tests). */
    editElsewhere(id: number, fields: Record<string, unknown>) {
      const event = events.get(id);
      if (event) events.set(id, { ...event, ...fields, version: event.version + 1 });
    },
  };
}

export type ContractServer = ReturnType<typeof createContractServer>;
