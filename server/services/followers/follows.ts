/**
 * Following (contract §11), with no account: by push, the follow exists at
 * once and its answer carries the one link that ends it; by email, nothing is
 * sent until the mailed confirmation link is opened (double opt-in), and the
 * mails that ask are limited per address and per target, so nobody can fill
 * another's inbox. The unsubscribe token is random and stored hashed; an
 * email follow keeps it too, since each of its mails carries the link.
 *
 * Bounds: at most MAX_FOLLOWERS_PER_TARGET follows of one target (each change
 * of an event queues one notice per follower, in the change's transaction),
 * follow creation per client address (the route's `limits`).
 */
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { brand } from '../../../src/brand.ts';
import type { FollowRequest, FollowTarget } from '../../../src/shared/contract/follows.ts';
import { parseFollowTarget } from '../../../src/shared/contract/follows.ts';
import { displayNameKey } from '../../../src/shared/contract/name-key.ts';
import type { Services } from '../../context.ts';
import {
  accountIdByNameKey,
  confirmEmailFollow,
  countFollowers,
  deleteFollow,
  emailFollowAwaitsConfirmation,
  publicEventTitle,
  publicVenueTitle,
  type StoredTarget,
  upsertEmailFollow,
  upsertPushFollow,
} from '../../db/queries/follows.ts';
import type { Queryable } from '../../db/client.ts';
import { atomically } from '../../db/request-transaction.ts';
import { Conflict, InvalidInput, NotFound } from '../domain-errors.ts';
import { enforce } from '../rate-limit.ts';
import { pushTarget } from './push-address.ts';

export const MAX_FOLLOWERS_PER_TARGET = 10_000;
/**
 * An email follow not confirmed within this many days ends: its link stops
 * working and housekeeping deletes the address (services/housekeeping.ts), so
 * an address someone else typed is not kept. Asking again mails a new link.
 */
export const EMAIL_FOLLOW_CONFIRM_DAYS = 7;
const CONFIRM_MS = EMAIL_FOLLOW_CONFIRM_DAYS * 24 * 60 * 60_000;

const NO_TARGET = 'There is nothing to follow there.';
const FULL = 'This has as many followers as it can have. Please try again later.';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** `${PUBLIC_URL}/api/follows/{id}/unsubscribe/?token=…`: a POST there ends the follow. */
export function unsubscribeUrl(publicUrl: string, id: number, token: string): string {
  return `${publicUrl}/api/follows/${id}/unsubscribe/?token=${token}`;
}

function confirmUrl(publicUrl: string, id: number, token: string): string {
  return `${publicUrl}/api/follows/${id}/confirm/?token=${token}`;
}

/** The stored form of a target and what to call it in a mail, or NotFound when nobody can see it. */
async function resolveTarget(db: Queryable, target: FollowTarget): Promise<StoredTarget & { name: string }> {
  if (target.kind === 'promoter') {
    const id = await accountIdByNameKey(db, displayNameKey(target.displayName));
    if (id === null) throw new NotFound(NO_TARGET);
    return { kind: 'promoter', id, name: target.displayName };
  }
  const title = target.kind === 'venue' ? await publicVenueTitle(db, target.id) : await publicEventTitle(db, target.id);
  if (title === null) throw new NotFound(NO_TARGET);
  return { ...target, name: title };
}

async function assertRoom(db: Queryable, target: StoredTarget): Promise<void> {
  if ((await countFollowers(db, target)) >= MAX_FOLLOWERS_PER_TARGET) throw new Conflict(FULL);
}

const BAD_KEYS = "These are not a browser's push subscription keys.";
/** Any P-256 key pair: agreeing a secret with a key is how to tell it is a point of the curve. */
const probe = createECDH('prime256v1');
probe.generateKeys();

/**
 * A subscription's keys as a browser makes them (RFC 8291): `p256dh` an
 * uncompressed P-256 point, `auth` 16 bytes. Refused here, a bad key is a 400
 * now instead of a notice that can never be encrypted later.
 */
function assertBrowserKeys(keys: { p256dh: string; auth: string }): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  let valid = point.length === 65 && point[0] === 4 && Buffer.from(keys.auth, 'base64url').length === 16;
  if (valid) {
    try {
      probe.computeSecret(point);
    } catch {
      valid = false;
    }
  }
  if (!valid) throw new InvalidInput(BAD_KEYS, { subscription: [BAD_KEYS] });
}

export type FollowAnswer = { channel: 'push'; id: number; unsubscribe_url: string } | { channel: 'email' };

export function followers(services: Pick<Services, 'db' | 'clock' | 'config' | 'mail' | 'limits'>) {
  const { db, clock, config, mail, limits } = services;

  return {
    async follow(request: FollowRequest): Promise<FollowAnswer> {
      const target = await resolveTarget(db, parseFollowTarget(request.target));
      const now = new Date(clock.now());
      if (request.channel === 'push') {
        assertBrowserKeys(request.subscription.keys);
        await pushTarget(request.subscription.endpoint, config.pushAllowLocal === true);
        const token = newToken();
        const id = await atomically(db, async (tx) => {
          await assertRoom(tx, target);
          return upsertPushFollow(
            tx,
            target,
            { endpoint: request.subscription.endpoint, ...request.subscription.keys },
            hashToken(token),
            now,
          );
        });
        return { channel: 'push', id, unsubscribe_url: unsubscribeUrl(config.publicUrl, id, token) };
      }
      const key = `${target.kind}:${target.id}`;
      await enforce(
        db,
        [
          { bucket: `follow-mail:addr:${request.email}`, limit: limits.followMailsPerAddress },
          { bucket: `follow-mail:target:${key}`, limit: limits.followMailsPerTarget },
        ],
        clock.now(),
      );
      const token = newToken();
      const confirm = newToken();
      await atomically(db, async (tx) => {
        await assertRoom(tx, target);
        const tokens = { tokenHash: hashToken(token), mailToken: token, confirmHash: hashToken(confirm) };
        const id = await upsertEmailFollow(tx, target, request.email, tokens, now);
        // Already following: the answer is the same, and nothing is mailed again.
        if (id === null) return;
        await mail.via(tx).send({
          to: request.email,
          subject: `Confirm: get updates from ${brand.name}`,
          text:
            `Someone (we hope you) asked to get updates by email about "${target.name}" on ${brand.name}.\n\n` +
            `Open this link within ${EMAIL_FOLLOW_CONFIRM_DAYS} days and press Confirm; until then nothing else is sent:\n${confirmUrl(config.publicUrl, id, confirm)}\n\n` +
            `If it was not you, ignore this mail.\n`,
        });
      });
      return { channel: 'email' };
    },

    /** Whether the mailed link would confirm a follow now (its page shows the button), changing nothing. */
    canConfirm(id: number, token: string): Promise<boolean> {
      return emailFollowAwaitsConfirmation(db, id, hashToken(token), new Date(clock.now() - CONFIRM_MS));
    },

    /** The mailed link's button: false when it is not one, or was used before (its token is gone then). */
    confirm(id: number, token: string): Promise<boolean> {
      const now = clock.now();
      return confirmEmailFollow(db, id, hashToken(token), new Date(now), new Date(now - CONFIRM_MS));
    },

    /** Ends the follow; NotFound when the link is not (or no longer) one. */
    async unsubscribe(id: number, token: string): Promise<void> {
      if (!(await deleteFollow(db, id, hashToken(token)))) throw new NotFound('This follow has already ended.');
    },
  };
}
