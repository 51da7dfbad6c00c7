/**
 * What a page asks the outbox to send. Every dashboard write and every issue
 * report is one of these; the outbox stores it in IndexedDB before the UI
 * says "saved (pending)", then replays it through the refreshing fetch wrapper.
 *
 * `target` names the record a write belongs to: writes with the same target
 * go out in order; different targets may go in parallel.
 *   - `event:<id>` for a server event, `event:tmp-<uuid>` for one created offline
 *   - `profile` for the signed-in user's profile
 *   - `issue:<uuid>` for one issue report
 *   - `venue-request:<event id>` for a venue owner's answers to one request
 */

import type { VenueAnswer } from '../contract/venue-approval.ts';
import type { WriteResult } from './write-result.ts';

/** A value of a multipart field before encoding (arrays/objects are sent as JSON text). */
export type FieldValue = string | number | boolean | null | readonly string[] | Readonly<Record<string, unknown>>;

export type WriteIntent =
  | {
      kind: 'event.create';
      target: `event:tmp-${string}`;
      fields: Readonly<Record<string, FieldValue>>;
      cover?: Blob;
      /** product §7: a recurring create gets a follow-up PUT with the weekly days and times. */
      recurringFollowUp?: Readonly<Record<string, FieldValue>>;
    }
  | {
      kind: 'event.update';
      target: `event:${string}`;
      /** The `version` the user edited; sent as If-Match (412 → conflict). */
      baseVersion?: number;
      fields: Readonly<Record<string, FieldValue>>;
      cover?: Blob;
    }
  | { kind: 'event.delete'; target: `event:${string}` }
  | {
      kind: 'profile.update';
      target: 'profile';
      fields: Readonly<{ display_name?: string; bio?: string }>;
      image?: Blob;
    }
  | { kind: 'issue.report'; target: `issue:${string}`; email?: string; message: string }
  | {
      kind: 'venue.answer';
      target: `venue-request:${number}`;
      /** The promoter's event that asked to be at the venue. */
      eventId: number;
      /** The venue (the caller's business listing), for the Outbox screen's link. */
      venueId: number;
      answer: VenueAnswer;
      /** The event's title, for the Outbox screen. */
      title: string;
    };

/** The server's messages by field (`{"errors": {"price": ["…"]}}` of a 400). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** How the first send attempt went, for UIs that show an immediate result online. */
export type FirstAttempt =
  /** `result`: the record the server returned, checked against the contract (null when it broke it). */
  | { kind: 'sent'; status: number; result: WriteResult | null }
  | { kind: 'rejected'; status: number; detail: string | null; errors?: FieldErrors }
  | {
      kind: 'deferred';
      reason: 'offline' | 'retrying' | 'paused';
      /** For `retrying` after the server answered (5xx, 429): its status and detail; absent after a network error. */
      status?: number;
      detail?: string | null;
    };

export interface QueuedWrite {
  entryId: string;
  /** Resolves after the first attempt (immediately `deferred` when offline). */
  firstAttempt: Promise<FirstAttempt>;
}
