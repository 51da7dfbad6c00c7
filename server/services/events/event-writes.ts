/**
 * Creating, changing and deleting the caller's events: each write is counted
 * against the account's write limit before anything is stored, runs in one
 * transaction with the per-account event cap, and keeps the image ledger
 * right — a cover nothing references any more is removed, and a cover stored
 * for a write that then failed is removed too (services/image-ledger.ts).
 */
import { afterPublishingStatuses, type EventFields, type EventStatus } from '../../../src/shared/contract/event.ts';
import {
  PUBLISH_AT_MAX_AHEAD_DAYS,
  PUBLISH_AT_PAST,
  PUBLISH_AT_TOO_FAR,
} from '../../../src/shared/contract/publish-at.ts';
import type { Services } from '../../context.ts';
import { deleteOwnEvent, insertEvent, isUniqueViolation, updateOwnEvent } from '../../db/queries/event-writes.ts';
import { eventJson, hasBusinessListing, lockOwnEvent } from '../../db/queries/events.ts';
import { atomically, inRequestTransaction } from '../../db/request-transaction.ts';
import {
  assertConsistent,
  checkableWithoutStoredRow,
  listingFlag,
  ONE_LISTING,
  requireDashboardUser,
} from './event-rules.ts';
import type { AccessClaims } from '../access-tokens.ts';
import { OUTSIDE_ROLE_DETAIL } from '../../../src/shared/contract/team.ts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../domain-errors.ts';
import { discardImage, storeImage } from '../image-ledger.ts';
import type { StoredImage } from '../image-store.ts';
import { timeZoneAt } from './time-zones.ts';
import { admitVenueChoice, noteVenueRequest, venueBefore, type VenueBefore } from '../venue-approval.ts';
import { assertRoomForEvent, countWrite } from '../write-policy.ts';

export interface EventInput {
  fields: EventFields;
  cover: StoredImage | null;
}

/** A stored event's JSON and its version (the ETag). */
export interface Written {
  body: string;
  version: number;
}

/** An update refused by If-Match: the current event (with `detail` and `current`) and its version. */
export interface StaleWrite {
  conflict: string;
  version: number;
}

const STALE = 'This event was changed on another device. Review the latest version and save again.';

/** The zone follows the place: set whenever both coordinates are written (cleared with them). */
function zoneOfWrite(fields: EventFields): string | null | undefined {
  if (fields.latitude === undefined || fields.longitude === undefined) return undefined;
  return timeZoneAt(fields.latitude, fields.longitude);
}

const NOT_YET_PUBLISHED = 'Only a published event can be cancelled or postponed: delete a draft instead.';
const LISTING_STAYS = 'A business listing cannot be cancelled or postponed; change its opening hours instead.';

/** Cancelled and postponed follow publishing (`stored` null: a new event), and never a business listing. */
function assertStatusChange(stored: EventStatus | null, sent: EventStatus | undefined, isListing: boolean): void {
  if (sent === undefined || !afterPublishingStatuses.includes(sent) || sent === stored) return;
  if (isListing) throw new InvalidInput(LISTING_STAYS, { status: [LISTING_STAYS] });
  if (stored === null || stored === 'draft') throw new InvalidInput(NOT_YET_PUBLISHED, { status: [NOT_YET_PUBLISHED] });
}

const ALREADY_PUBLIC = 'Only a draft can be scheduled: this event is already public.';
const NOW_OR_LATER = 'An event is published now or scheduled, not both: leave Publish at empty to publish now.';
const DRAFT_SOLD_OUT = 'A draft cannot be sold out: publish it first.';
/** A moment this close behind the server's clock still counts as now (a phone's clock runs a little off). */
const PUBLISH_AT_GRACE_MS = 60_000;

/**
 * A publishing time belongs to a draft and lies ahead (at most a year): it is
 * refused on a public event, makes a new event a draft when no status is sent,
 * and is cleared when the event is published (or cancelled, postponed) by hand.
 * A draft is never sold out. Returns the fields to write.
 */
function withSchedule(stored: EventStatus | null, sent: EventFields, nowMs: number): EventFields {
  let fields = sent;
  if (fields.publish_at) {
    const at = Date.parse(String(fields.publish_at));
    if (at < nowMs - PUBLISH_AT_GRACE_MS) throw new InvalidInput(PUBLISH_AT_PAST, { publish_at: [PUBLISH_AT_PAST] });
    if (at > nowMs + PUBLISH_AT_MAX_AHEAD_DAYS * 86_400_000) {
      throw new InvalidInput(PUBLISH_AT_TOO_FAR, { publish_at: [PUBLISH_AT_TOO_FAR] });
    }
    if (fields.status !== undefined && fields.status !== 'draft') {
      throw new InvalidInput(NOW_OR_LATER, { publish_at: [NOW_OR_LATER] });
    }
    if (fields.status === undefined && stored !== null && stored !== 'draft') {
      throw new InvalidInput(ALREADY_PUBLIC, { publish_at: [ALREADY_PUBLIC] });
    }
    if (fields.status === undefined && stored === null) fields = { ...fields, status: 'draft' };
  } else if (fields.status !== undefined && fields.status !== 'draft' && fields.publish_at === undefined) {
    fields = { ...fields, publish_at: null };
  }
  const status = fields.status ?? stored ?? 'published';
  if (fields.sold_out === true && status === 'draft') {
    throw new InvalidInput(DRAFT_SOLD_OUT, { sold_out: [DRAFT_SOLD_OUT] });
  }
  return fields;
}

/** An editor on a team changes events, never the owner's business listing (contract §12). */
function refuseListingToEditor(user: AccessClaims, touchesListing: boolean): void {
  if (touchesListing && user.teamRole === 'editor') throw new Forbidden(OUTSIDE_ROLE_DETAIL);
}

export function eventWrites(services: Services, mediaBase: string) {
  const { db, images, clock, writePolicy, config } = services;
  const ledger = { db, images, clock };

  // Venue approval (services/venue-approval.ts): the named venue is checked
  // before the write and, when it is a new request, its owner told after.
  const venueMail = (userId: number) => ({ publicUrl: config.publicUrl, now: new Date(clock.now()), userId });

  function storeCover(userId: number, cover: StoredImage | null): Promise<string | null> {
    return cover ? storeImage(ledger, writePolicy.imageBytesPerAccount, userId, cover) : Promise.resolve(null);
  }

  /**
   * Counts the write, then reads its body (an upload) while the count is on its
   * way. `allowed` settles with the count's answer (a 429 when the account is
   * over its limit); withinCount() says when it is awaited.
   */
  async function counted(
    user: AccessClaims,
    read: () => Promise<EventInput>,
  ): Promise<{ input: EventInput; allowed: Promise<void> }> {
    const allowed = countWrite(db, writePolicy, user.userId, clock.now());
    allowed.catch(() => undefined); // awaited by the caller; a body that cannot be read must not leave it unheard
    return { input: await read(), allowed };
  }

  /**
   * Runs a counted write. Inside the request's transaction its statements
   * follow the count without waiting for the count's answer (on PostgreSQL
   * they leave in one write), and a refused count rolls them back with the
   * request. Outside one, where they would commit alone, and before storing a
   * cover (an account over its limit costs no image processing), the answer
   * comes first. Over the limit the answer is 429, whatever else went wrong.
   */
  async function withinCount<R>(allowed: Promise<void>, cover: StoredImage | null, work: () => Promise<R>): Promise<R> {
    if (cover || !inRequestTransaction(db)) await allowed;
    try {
      const result = await work();
      await allowed;
      return result;
    } catch (error) {
      await allowed;
      throw error;
    }
  }

  /** An update whose write count update() awaits: one statement when the form allows, else lock, compare, write. */
  async function change(
    user: AccessClaims,
    id: number,
    expected: number | null,
    { fields, cover }: EventInput,
  ): Promise<Written | StaleWrite> {
    const isListing = listingFlag(user, fields);
    const write = {
      userId: user.userId,
      // An event that becomes the business listing is the venue itself: it stops asking another.
      fields: isListing === true && fields.venue_id === undefined ? { ...fields, venue_id: null } : fields,
      isListing,
      timeZone: zoneOfWrite(fields),
      coverImage: null,
      updatedBy: user.actorId ?? user.userId,
      now: new Date(clock.now()),
      mediaBase,
    };
    // An edit of text, place or keywords alone, or a whole form, needs nothing of the stored
    // row: one statement, guarded by the version. When it matches no row, the full path
    // below says why (404 or 412). An editor's write takes that path: it must see the row.
    refuseListingToEditor(user, isListing === true);
    if (!cover && user.teamRole !== 'editor' && checkableWithoutStoredRow(fields, isListing)) {
      assertConsistent(fields);
      const updated = await updateOwnEvent(db, id, write, expected);
      if (updated) return updated;
    }
    const coverName = await storeCover(user.userId, cover);
    try {
      const result = await atomically(db, async (tx) => {
        const current = await lockOwnEvent(tx, id, user.userId);
        if (!current) throw new NotFound('Event not found.');
        refuseListingToEditor(user, current.is_listing);
        if (expected !== null && expected !== current.version) {
          const latest = (await eventJson(tx, id, user.userId, mediaBase))!;
          const record = JSON.parse(latest.body) as Record<string, unknown>;
          return { conflict: JSON.stringify({ ...record, detail: STALE, current: record }), version: latest.version };
        }
        assertConsistent({ ...current, ...fields });
        assertStatusChange(current.status, fields.status, isListing ?? current.is_listing);
        const scheduled = withSchedule(current.status, write.fields, clock.now());
        if (isListing && !current.is_listing && (await hasBusinessListing(tx, user.userId, id))) {
          throw new Conflict(ONE_LISTING);
        }
        let venueWas: VenueBefore = null;
        if (fields.venue_id !== undefined || fields.status !== undefined) {
          venueWas = await venueBefore(tx, id, user.userId);
          const venue = { userId: user.userId, eventId: id, isListing: isListing ?? current.is_listing };
          if (fields.venue_id !== undefined) await admitVenueChoice(tx, venue, venueWas, fields.venue_id, clock.now());
        }
        const updated = (await updateOwnEvent(tx, id, { ...write, fields: scheduled, coverImage: coverName }))!;
        if (venueWas) await noteVenueRequest(tx, venueMail(user.userId), venueWas, updated.body);
        return { body: updated.body, version: updated.version, oldCover: current.cover_image };
      });
      if ('conflict' in result) {
        await discardImage(ledger, coverName);
        return result;
      }
      if (coverName) await discardImage(ledger, result.oldCover);
      return { body: result.body, version: result.version };
    } catch (error) {
      await discardImage(ledger, coverName);
      if (isUniqueViolation(error)) throw new Conflict(ONE_LISTING);
      throw error;
    }
  }

  /** A create whose write count create() awaits: checks the form, stores the cover, inserts within the cap. */
  async function insert(user: AccessClaims, { fields: sent, cover }: EventInput): Promise<Written> {
    if (sent.title === undefined) throw new InvalidInput('Give it a title.', { title: ['Give it a title.'] });
    const fields = withSchedule(null, sent, clock.now());
    assertConsistent(fields);
    const isListing = listingFlag(user, fields);
    refuseListingToEditor(user, isListing === true);
    assertStatusChange(null, fields.status, isListing === true);
    if (isListing && (await hasBusinessListing(db, user.userId, null))) throw new Conflict(ONE_LISTING);

    const coverName = await storeCover(user.userId, cover);
    const now = new Date(clock.now());
    try {
      const body = await atomically(db, async (tx) => {
        await assertRoomForEvent(tx, writePolicy, user.userId);
        const venue = { userId: user.userId, eventId: null, isListing: isListing === true };
        if (fields.venue_id !== undefined) await admitVenueChoice(tx, venue, null, fields.venue_id, clock.now());
        const inserted = await insertEvent(tx, {
          userId: user.userId,
          fields,
          isListing,
          timeZone: zoneOfWrite(fields),
          coverImage: coverName,
          updatedBy: user.actorId ?? user.userId,
          now,
          mediaBase,
        });
        await noteVenueRequest(tx, venueMail(user.userId), null, inserted);
        return inserted;
      });
      return { body, version: 1 };
    } catch (error) {
      await discardImage(ledger, coverName);
      if (isUniqueViolation(error)) throw new Conflict(ONE_LISTING);
      throw error;
    }
  }

  return {
    async create(user: AccessClaims, read: () => Promise<EventInput>): Promise<Written> {
      requireDashboardUser(user);
      const { input, allowed } = await counted(user, read);
      return withinCount(allowed, input.cover, () => insert(user, input));
    },

    /** `expected`: the If-Match version, or null to write whatever is stored. */
    async update(
      user: AccessClaims,
      id: number,
      expected: number | null,
      read: () => Promise<EventInput>,
    ): Promise<Written | StaleWrite> {
      const { input, allowed } = await counted(user, read);
      return withinCount(allowed, input.cover, () => change(user, id, expected, input));
    },

    async remove(user: AccessClaims, id: number): Promise<void> {
      await countWrite(db, writePolicy, user.userId, clock.now());
      const removed =
        user.teamRole === 'editor'
          ? await atomically(db, async (tx) => {
              refuseListingToEditor(user, (await lockOwnEvent(tx, id, user.userId))?.is_listing === true);
              return deleteOwnEvent(tx, id, user.userId);
            })
          : await deleteOwnEvent(db, id, user.userId);
      if (!removed) throw new NotFound('Event not found.');
      await discardImage(ledger, removed.cover_image);
    },
  };
}
