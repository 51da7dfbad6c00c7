/**
 * Drafts with a `publish_at` publish themselves at that moment, with nobody
 * online: every API process looks for due drafts every few seconds and
 * publishes each in its own transaction, exactly as the owner pressing Publish
 * would (a new version, the list revision, the venue's request mail). Two
 * processes (or instances) looking at once never publish one twice: the row is
 * locked with SKIP LOCKED and must still be a due draft. A process killed
 * mid-way leaves the draft due for the next look.
 */
import type { Db } from '../../db/client.ts';
import { updateOwnEvent } from '../../db/queries/event-writes.ts';
import { dueDrafts, lockDueDraft } from '../../db/queries/scheduled-publishing.ts';
import { noteVenueRequest, venueBefore } from '../venue-approval.ts';

export const PUBLISH_LOOK_EVERY_MS = 5_000;
const BATCH = 50;

export interface PublishingOptions {
  publicUrl: string;
  mediaBase: string;
}

/** Publishes the drafts due at `nowMs`; returns how many this call published. */
export async function publishDueEvents(db: Db, options: PublishingOptions, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  let published = 0;
  for (const due of await dueDrafts(db, now, BATCH)) {
    const done = await db.transaction(async (tx) => {
      if (!(await lockDueDraft(tx, due.id, now))) return false;
      const venueWas = await venueBefore(tx, due.id, due.user_id);
      const updated = await updateOwnEvent(tx, due.id, {
        userId: due.user_id,
        fields: { status: 'published', publish_at: null },
        coverImage: null,
        now,
        mediaBase: options.mediaBase,
      });
      if (!updated) return false;
      if (venueWas) {
        await noteVenueRequest(tx, { publicUrl: options.publicUrl, now, userId: due.user_id }, venueWas, updated.body);
      }
      return true;
    });
    if (done) published += 1;
  }
  return published;
}

/** Looks every `everyMs` until stopped; a failed look is reported (once until a look succeeds) and the next one tries again. */
export function startScheduledPublishing(
  db: Db,
  options: PublishingOptions & {
    now: () => number;
    onError: (error: unknown) => void;
    onPublished?: (count: number) => void;
  },
  everyMs = PUBLISH_LOOK_EVERY_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let failing = false;
  const timer = setInterval(() => {
    // A slow look (a long batch, a slow database) is not joined by the next one.
    if (running) return;
    running = publishDueEvents(db, options, options.now())
      .then((count) => {
        failing = false;
        if (count) options.onPublished?.(count);
      })
      .catch((error: unknown) => {
        // Said once per outage, not every look: a database that is away is already reported by the pool.
        if (!failing) options.onError(error);
        failing = true;
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
