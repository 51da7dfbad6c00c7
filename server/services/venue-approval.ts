/**
 * The rules of venue approval (contract §10, product §7):
 *
 * - The venue a promoter names must be another account's published business
 *   listing (400 otherwise: an own listing is no request, a draft is private).
 *   A business listing itself names no venue.
 * - Naming a venue (a new one, or another one) asks again: 'pending'. One
 *   hostile promoter cannot flood a venue: at most MAX_PENDING_PER_VENUE
 *   requests wait at one venue per promoter (409), and a promoter makes at
 *   most VENUE_REQUESTS_PER_DAY new requests a day over all venues (429).
 * - The venue's owner is mailed about new requests, batched: at most one mail
 *   per venue per VENUE_MAIL_INTERVAL_MS, listing the requests since the
 *   last that still wait when it leaves (through mail_queue, in the request's
 *   transaction; an answer takes its line out, migration 042). A request is
 *   announced once: setting the event back to draft and publishing it again
 *   tells the venue nothing new.
 * - The promoter hears of the venue's answers at most once per event per
 *   DECISION_MAIL_INTERVAL_MS, and always of the latest one: an owner
 *   flipping approve/decline cannot fill the promoter's inbox.
 */
import { brand } from '../../src/brand.ts';
import { statusAfter, type VenueAnswer } from '../../src/shared/contract/venue-approval.ts';
import type { EventRecord } from '../../src/shared/contract/event.ts';
import type { Queryable } from '../db/client.ts';
import {
  addToVenueMail,
  answerRequest,
  countPendingAt,
  markRequestAnnounced,
  withdrawVenueMailLine,
  publicNameOf,
  venueListing,
  venueStateBefore,
  type AnsweredRequest,
  type VenueStateBefore,
} from '../db/queries/venue-requests.ts';
import { queueDecisionMail } from '../db/queries/venue-decision-mail.ts';
import { Conflict, InvalidInput } from './domain-errors.ts';
import { enforce, type Limit } from './rate-limit.ts';

export const MAX_PENDING_PER_VENUE = 10;
export const VENUE_REQUESTS_PER_DAY: Limit = { max: 30, windowSeconds: 24 * 60 * 60 };
export const VENUE_MAIL_INTERVAL_MS = 15 * 60_000;
export const DECISION_MAIL_INTERVAL_MS = 60 * 60_000;

const CHOOSE_FROM_LIST = 'Choose a venue from the list: it must be a business listed on ' + brand.name + '.';

function invalidVenue(message: string): InvalidInput {
  return new InvalidInput(message, { venue_id: [message] });
}

/** The venue state of the event before this write; null for a create. */
export type VenueBefore = VenueStateBefore | null;

/** Reads what a write starts from; only needed when it sends `venue_id`. */
export function venueBefore(db: Queryable, eventId: number, userId: number): Promise<VenueBefore> {
  return venueStateBefore(db, eventId, userId);
}

/**
 * Checks the venue a write names (`venueId`, null: none) and counts a new
 * request against the promoter's bounds. `before` is the stored event (null
 * on create); `isListing` whether the record is or becomes a business listing.
 */
export async function admitVenueChoice(
  db: Queryable,
  caller: { userId: number; eventId: number | null; isListing: boolean },
  before: VenueBefore,
  venueId: number | null,
  nowMs: number,
): Promise<void> {
  if (venueId === null) return;
  if (caller.isListing) throw invalidVenue('A business listing is the venue itself: it cannot name another venue.');
  if (before?.venue_id === String(venueId)) return; // the same venue again: nothing new to ask
  const venue = await venueListing(db, venueId);
  if (!venue || !venue.is_listing || venue.status !== 'published') throw invalidVenue(CHOOSE_FROM_LIST);
  if (venue.owner_id === String(caller.userId)) {
    throw invalidVenue('This is your own business listing: your events are on its page already. Leave Venue empty.');
  }
  if ((await countPendingAt(db, caller.userId, venueId, caller.eventId)) >= MAX_PENDING_PER_VENUE) {
    throw new Conflict(
      `${MAX_PENDING_PER_VENUE} of your events are already waiting for this venue's answer. ` +
        'Ask again once it has answered some of them.',
      { venue_id: ['Too many requests are waiting at this venue.'] },
    );
  }
  await enforce(db, [{ bucket: `venue-request:day:${caller.userId}`, limit: VENUE_REQUESTS_PER_DAY }], nowMs);
}

function whenText(record: Pick<EventRecord, 'start_date' | 'start_time' | 'is_recurring'>): string {
  if (record.is_recurring) return 'weekly';
  return [record.start_date, record.start_time].filter(Boolean).join(' ') || 'no date yet';
}

/**
 * After a write: when the event now waits for a venue that has not heard of
 * it (a new request, or a draft with a request just published), the venue's
 * owner is told in the next batched mail.
 */
export async function noteVenueRequest(
  tx: Queryable,
  options: { publicUrl: string; now: Date; userId: number },
  before: VenueBefore,
  afterBody: string,
): Promise<void> {
  const after = JSON.parse(afterBody) as EventRecord;
  if (after.venue_id === null || after.venue_status !== 'pending' || after.status !== 'published') return;
  const sameVenue = before?.venue_id === String(after.venue_id);
  if (sameVenue && before?.status === 'published') return;
  const venue = await venueListing(tx, after.venue_id);
  if (!venue || !(await markRequestAnnounced(tx, after.id))) return;
  await addToVenueMail(
    tx,
    {
      id: after.venue_id,
      email: venue.owner_email,
      subject: `New requests to list events at ${venue.title} on ${brand.name}`,
      intro:
        `Promoters asked to list these events at ${venue.title}. They show on its page once you approve them: ` +
        `answer them under Requests on ${options.publicUrl}/dashboard/business/${after.venue_id}`,
    },
    { eventId: after.id, line: `- ${after.title} (${whenText(after)}), by ${await publicNameOf(tx, options.userId)}` },
    options.now,
    VENUE_MAIL_INTERVAL_MS,
  );
}

/**
 * The owner's answer to a request; null when the caller owns no venue this
 * event asked for (404). The promoter is mailed when the state changed,
 * within the bound of DECISION_MAIL_INTERVAL_MS.
 */
export async function answerVenueRequest(
  tx: Queryable,
  request: { eventId: number; ownerId: number; answer: VenueAnswer; now: Date; mediaBase: string; publicUrl: string },
): Promise<AnsweredRequest | null> {
  const status = statusAfter[request.answer];
  const answered = await answerRequest(tx, request.eventId, request.ownerId, status, request.now, request.mediaBase);
  if (!answered || answered.previous === status) return answered;
  // Answered in the dashboard before the batched mail left: the mail no longer asks.
  await withdrawVenueMailLine(tx, request.eventId);
  const approved = status === 'approved';
  const mail = {
    status,
    to: answered.promoter_email,
    subject: `${answered.venue_title} ${approved ? 'approved' : 'declined'} "${answered.title}"`,
    text: approved
      ? `${answered.venue_title} approved your event "${answered.title}". Its page now says where it is, ` +
        `and it is listed under What's on on the venue's page.`
      : `${answered.venue_title} declined your event "${answered.title}". The event stays published without ` +
        `the venue's name; you can choose another venue in the event editor on ${request.publicUrl}/dashboard/events.`,
  };
  await queueDecisionMail(tx, request.eventId, mail, request.now, DECISION_MAIL_INTERVAL_MS);
  return answered;
}
