/**
 * How each kind of queued write goes over the wire (SPEC §7, CONTRACTS §3):
 * method, path, body and headers. Every request carries the entry's
 * Idempotency-Key, so a replay after a lost response is answered from the
 * server's memory instead of being applied twice.
 */
import type { RequestOptions } from '../api/api-client.ts';
import { encodeEventFields } from '../contract/event.ts';
import type { OutboxEntry } from './entry.ts';
import type { FieldValue } from './intent.ts';

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  options: RequestOptions;
}

function multipart(fields: Readonly<Record<string, FieldValue>>, file?: { name: string; blob: Blob }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(encodeEventFields(fields))) form.append(name, value);
  if (file) {
    const filename = (file.blob as Blob & { name?: unknown }).name;
    form.append(file.name, file.blob, typeof filename === 'string' ? filename : `${file.name}.bin`);
  }
  return form;
}

/** `event:12` → 12; null for a temporary target (its create has not succeeded yet). */
export function serverIdOf(target: string): number | null {
  const match = /^event:(\d+)$/.exec(target);
  return match ? Number(match[1]) : null;
}

/** The request for an entry; `ifMatch` is the version to send (see version-chain.ts). */
export function buildRequest(entry: OutboxEntry, ifMatch: number | null): OutboxRequest {
  const headers: Record<string, string> = { 'Idempotency-Key': entry.key };
  const intent = entry.intent;
  switch (intent.kind) {
    case 'event.create': {
      const file = intent.cover ? { name: 'cover_image', blob: intent.cover } : undefined;
      return { method: 'POST', path: '/events/create/', options: { form: multipart(intent.fields, file), headers } };
    }
    case 'event.update': {
      const file = intent.cover ? { name: 'cover_image', blob: intent.cover } : undefined;
      if (ifMatch !== null) headers['If-Match'] = String(ifMatch);
      return {
        method: 'PUT',
        path: `/events/${requireServerId(entry)}/update/`,
        options: { form: multipart(intent.fields, file), headers },
      };
    }
    case 'event.delete':
      return { method: 'DELETE', path: `/events/${requireServerId(entry)}/delete/`, options: { headers } };
    case 'profile.update': {
      const file = intent.image ? { name: 'profile_image', blob: intent.image } : undefined;
      return { method: 'PATCH', path: '/auth/profile/', options: { form: multipart(intent.fields, file), headers } };
    }
    case 'issue.report': {
      const json = intent.email ? { email: intent.email, message: intent.message } : { message: intent.message };
      // Reports are anonymous unless stamped with a user: no token, no refresh.
      return { method: 'POST', path: '/auth/report-issue/', options: { json, headers, auth: entry.userId !== null } };
    }
  }
}

function requireServerId(entry: OutboxEntry): number {
  const id = serverIdOf(entry.target);
  if (id === null) throw new Error(`Entry ${entry.id} targets ${entry.target}, which has no server id yet.`);
  return id;
}
