/**
 * Bookkeeping around the ImageStore (which only puts, gets and deletes
 * bytes): who stored which image and how large it is (table stored_images,
 * migration 007), the per-account storage quota, and removal of images nothing
 * references any more — replaced or deleted ones at once, and by an hourly
 * sweep those a failed or interrupted write left behind.
 */
import type { Db } from '../db/client.ts';
import { atomically, isFirstWithItsKey } from '../db/request-transaction.ts';
import {
  findUnreferencedImages,
  forgetStoredImage,
  lockAccountImages,
  recordStoredImage,
  sumImageBytes,
} from '../db/queries/stored-images.ts';
import { Conflict, TooLarge } from './domain-errors.ts';
import type { ImageStore, StoredImage } from './image-store.ts';

export interface ImageLedgerDeps {
  db: Db;
  images: ImageStore;
  clock: { now(): number };
}

const MB = 1024 * 1024;

/** Never shown: the stored answer of the first request replaces it (http/idempotency.ts). */
const REPEATED = 'This request was already answered.';
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.round(bytes / MB)} MB`;
}

function overQuota(used: number, quotaBytes: number): TooLarge {
  return new TooLarge(
    `Your images already use ${size(used)} of the ${size(quotaBytes)} an account can store. ` +
      'Remove covers you no longer need, or upload a smaller image.',
  );
}

/**
 * Stores an accepted image for the account when it fits its quota (413
 * otherwise) and records it; returns the name. The record is written right
 * after the file, before the write that will reference it, so a crash after
 * this point leaves a row the sweep finds.
 *
 * Parallel uploads of one account must not all pass the quota on the same
 * old total (an attack of 25 at once stored 232 MB of a 200 MB quota). So the check
 * that counts is made again after the bytes are stored, under a per-account
 * lock held to the end of the transaction that records them (an advisory
 * lock: every instance on the database, PGlite or PostgreSQL); an upload
 * that no longer fits removes its file. The first check only spares storing
 * bytes that cannot fit; the lock is never held while bytes are stored.
 */
export async function storeImage(
  deps: ImageLedgerDeps,
  quotaBytes: number,
  userId: number,
  image: StoredImage,
): Promise<string> {
  // Files being replaced count until they are removed.
  const used = await sumImageBytes(deps.db, userId);
  if (used + image.bytes.length > quotaBytes) throw overQuota(used, quotaBytes);
  // A repeat of an answered request rolls back: it must leave no file behind.
  if (!(await isFirstWithItsKey(deps.db))) throw new Conflict(REPEATED);
  const name = await deps.images.put(image.bytes, image.type);
  try {
    await atomically(deps.db, async (tx) => {
      await lockAccountImages(tx, userId);
      const counted = await sumImageBytes(tx, userId);
      if (counted + image.bytes.length > quotaBytes) throw overQuota(counted, quotaBytes);
      await recordStoredImage(tx, {
        name,
        userId,
        bytes: image.bytes.length,
        createdAt: new Date(deps.clock.now()),
      });
    });
  } catch (error) {
    await deps.images.delete(name);
    throw error;
  }
  return name;
}

/**
 * Removes an image no row references any more. The file goes first: if that
 * fails, the record stays and the sweep tries again later. Never throws — the
 * write it follows has already been answered as done.
 */
export async function discardImage(deps: Omit<ImageLedgerDeps, 'clock'>, name: string | null): Promise<void> {
  if (!name) return;
  try {
    // A repeat rolls back, and the row it would have changed still names the file.
    if (!(await isFirstWithItsKey(deps.db))) return;
    await deps.images.delete(name);
    await forgetStoredImage(deps.db, name);
  } catch (error) {
    console.error('Could not remove an unused image; the hourly sweep will retry', error);
  }
}

/** How long a new image may stay unreferenced: the write that stored it may still be running. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** Deletes recorded images older than the grace period that no event or profile references. */
export async function sweepOrphanImages(
  deps: Omit<ImageLedgerDeps, 'clock'>,
  nowMs: number,
  graceMs = SWEEP_GRACE_MS,
): Promise<number> {
  const orphans = await findUnreferencedImages(deps.db, new Date(nowMs - graceMs));
  for (const name of orphans) await discardImage(deps, name);
  return orphans.length;
}

export function startImageSweep(db: Db, images: ImageStore, intervalMs = 60 * 60 * 1000): void {
  const timer = setInterval(() => {
    sweepOrphanImages({ db, images }, Date.now()).catch((error: unknown) => console.error('Image sweep failed', error));
  }, intervalMs);
  timer.unref();
}
