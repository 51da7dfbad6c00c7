/**
 * How each kind of queued write goes over the wire: a dispatch to the write
 * operation modules (src/shared/api/operations), the same ones a direct call
 * uses, so method, path, body encoding and response schema have one home.
 * Every request carries the entry's Idempotency-Key, so a replay after a lost
 * response is answered from the server's memory instead of being applied twice.
 */
import type * as v from 'valibot';
import { createEventRequest, createEventResponse } from '../api/operations/create-event.ts';
import { deleteEventRequest } from '../api/operations/delete-event.ts';
import { reportIssueRequest, reportIssueResponse } from '../api/operations/report-issue.ts';
import { answerVenueRequestRequest, answerVenueRequestResponse } from '../api/operations/answer-venue-request.ts';
import { updateEventRequest, updateEventResponse } from '../api/operations/update-event.ts';
import { updateProfileRequest, updateProfileResponse } from '../api/operations/update-profile.ts';
import type { WriteRequest } from '../api/operations/write-request.ts';
import { parseResponse } from '../api/parse-response.ts';
import { actingForOf, type OutboxEntry } from './entry.ts';
import type { WriteIntent } from './intent.ts';
import type { WriteResult } from './write-result.ts';

export type { WriteRequest } from '../api/operations/write-request.ts';

/** `event:12` → 12; null for a temporary target (its create has not succeeded yet). */
export function serverIdOf(target: string): number | null {
  const match = /^event:(\d+)$/.exec(target);
  return match ? Number(match[1]) : null;
}

/**
 * The request for an entry; `ifMatch` is the version to send (see `ifMatchFor`).
 * It names its account explicitly — the owner's id for a member's write, else
 * none — so a replay never follows whichever account the page has chosen since.
 */
export function buildRequest(entry: OutboxEntry, ifMatch: number | null): WriteRequest {
  const request = buildBareRequest(entry, ifMatch);
  return { ...request, options: { ...request.options, account: actingForOf(entry) } };
}

function buildBareRequest(entry: OutboxEntry, ifMatch: number | null): WriteRequest {
  const idempotencyKey = entry.key;
  const intent = entry.intent;
  switch (intent.kind) {
    case 'event.create':
      return createEventRequest(intent.fields, intent.cover, { idempotencyKey });
    case 'event.update':
      return updateEventRequest(requireServerId(entry), intent.fields, intent.cover, { idempotencyKey, ifMatch });
    case 'event.delete':
      return deleteEventRequest(requireServerId(entry), { idempotencyKey });
    case 'profile.update':
      return updateProfileRequest(intent.fields, intent.image, { idempotencyKey });
    case 'venue.answer':
      return answerVenueRequestRequest(intent.eventId, intent.answer, { idempotencyKey });
    case 'issue.report': {
      const body = intent.email ? { email: intent.email, message: intent.message } : { message: intent.message };
      // Anonymous unless stamped with a user: no token, no refresh.
      return reportIssueRequest(body, { idempotencyKey, signedIn: entry.userId !== null });
    }
  }
}

/**
 * The typed record a 2xx carried (a delete answered 404 the second time counts
 * as done). Throws UnexpectedResponseError when the answer breaks the contract.
 */
export function parseWriteResult(intent: WriteIntent, data: unknown): WriteResult {
  switch (intent.kind) {
    case 'event.create':
      return { kind: 'event', event: parseWith(createEventResponse, data) };
    case 'event.update':
      return { kind: 'event', event: parseWith(updateEventResponse, data) };
    case 'event.delete':
      return { kind: 'event-deleted', id: serverIdOf(intent.target) };
    case 'profile.update':
      return { kind: 'profile', user: parseWith(updateProfileResponse, data) };
    case 'issue.report':
      return { kind: 'issue-report', report: parseWith(reportIssueResponse, data) };
    case 'venue.answer':
      return { kind: 'venue-answer', request: parseWith(answerVenueRequestResponse, data) };
  }
}

function parseWith<TSchema extends v.GenericSchema>(
  response: { schema: TSchema; what: string },
  data: unknown,
): v.InferOutput<TSchema> {
  return parseResponse(response.schema, data, response.what);
}

function requireServerId(entry: OutboxEntry): number {
  const id = serverIdOf(entry.target);
  if (id === null) throw new Error(`Entry ${entry.id} targets ${entry.target}, which has no server id yet.`);
  return id;
}
