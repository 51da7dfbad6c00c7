/**
 * Sends what followers are to hear of (table follow_notices, an outbox like
 * mail_queue). Notices are queued in the transaction of the event write that
 * causes them (the events trigger of migration 036), so a request never
 * waits for a push service and a restart loses nothing; a worker in every API
 * process sends them, claiming due rows with FOR UPDATE SKIP LOCKED, leased
 * for NOTICE_LEASE_MS (two processes never send one notice; a process killed
 * mid-send leaves the lease to run out).
 *
 * - push: one POST to the subscription's push service (push-send.ts). 404 or
 *   410 means the subscription is gone: every follow it had ends. 429, 5xx and
 *   network failures retry with backoff; other refusals end the notice.
 * - email: the mail goes into the mail queue (which retries SMTP) with
 *   List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), in one transaction
 *   with marking the notice sent.
 *
 * Every REMINDER_EVERY_MS the worker also queues tomorrow's reminders for
 * "Remind me" follows (follow-notices.ts queueDueReminders: safe with many
 * instances running it at once).
 */
import { serialDrain } from '../serial-drain.ts';
import type { Db } from '../../db/client.ts';
import {
  claimDueNotices,
  markNoticeDead,
  markNoticeRetry,
  markNoticeSent,
  queueDueReminders,
  releaseNotice,
  type ClaimedNotice,
} from '../../db/queries/follow-notices.ts';
import { deleteFollowsOfEndpoint } from '../../db/queries/follows.ts';
import type { Logger } from '../logger.ts';
import type { MailQueue } from '../mail-queue.ts';
import { unsubscribeUrl } from './follows.ts';
import { noticeMail, noticeText, pushPayload } from './notice-text.ts';
import { sendPush, vapidSubject, type PushOutcome } from './push-send.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const NOTICE_MAX_ATTEMPTS = 8;
export const NOTICE_FIRST_RETRY_MS = 30_000;
export const NOTICE_LEASE_MS = 2 * 60_000;
const NOTICE_POLL_MS = 2_000;
const REMINDER_EVERY_MS = 5 * 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const CLAIM_BATCH = 20;

export interface FollowerDeliveries {
  /** Sends what is due now, soon (not awaited): after a request that may have queued notices. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests). */
  drain(): Promise<void>;
  /** Queues tomorrow's reminders now (tests; the worker does it every few minutes). */
  remind(): Promise<number>;
  /** Stops; resolves when the notice being sent is done. */
  stop(): Promise<void>;
}

export interface DeliveriesOptions {
  db: Db;
  mail: MailQueue;
  keys: () => Promise<VapidKeys>;
  publicUrl: string;
  mailFrom: string;
  allowLocal: boolean;
  now: () => number;
  logger: Pick<Logger, 'warn' | 'error'>;
  pollMs?: number;
}

function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, NOTICE_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

export function followerDeliveries(options: DeliveriesOptions): FollowerDeliveries {
  const { db, mail, keys, publicUrl, now, logger } = options;
  let stopped = false;

  async function push(notice: ClaimedNotice): Promise<PushOutcome> {
    const vapid = await keys();
    return sendPush(
      { endpoint: notice.endpoint!, p256dh: notice.p256dh!, auth: notice.auth! },
      pushPayload(noticeText(notice, publicUrl)),
      { ...vapid, subject: vapidSubject(publicUrl, options.mailFrom) },
      options.allowLocal,
    );
  }

  async function email(notice: ClaimedNotice): Promise<void> {
    const url = unsubscribeUrl(publicUrl, notice.follow_id, notice.mail_token!);
    const message = noticeMail(noticeText(notice, publicUrl), url);
    await db.transaction(async (tx) => {
      await mail.via(tx).send({
        to: notice.email!,
        ...message,
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await markNoticeSent(tx, notice.id, new Date(now()));
    });
    mail.kick();
  }

  async function failed(notice: ClaimedNotice, reason: string, retry: boolean): Promise<void> {
    if (retry && notice.attempts < NOTICE_MAX_ATTEMPTS) {
      await markNoticeRetry(db, notice.id, new Date(now() + retryDelayMs(notice.attempts)), reason);
    } else {
      await markNoticeDead(db, notice.id, new Date(now()), reason);
      logger.warn({ noticeId: notice.id, attempts: notice.attempts, error: reason }, 'Follower notice not delivered');
    }
  }

  /** Subscriptions found gone in this drain: their other notices went with their follows. */
  const gone = new Set<string>();

  async function sendOne(notice: ClaimedNotice): Promise<void> {
    if (notice.channel === 'email') {
      try {
        await email(notice);
      } catch (error) {
        await failed(notice, error instanceof Error ? error.message : String(error), true);
      }
      return;
    }
    if (gone.has(notice.endpoint!)) return;
    let outcome: PushOutcome;
    try {
      outcome = await push(notice);
    } catch (error) {
      outcome = { ok: false, gone: false, retry: true, reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok) await markNoticeSent(db, notice.id, new Date(now()));
    // The subscription is gone: its follows end, and their notices with them.
    else if (outcome.gone) {
      gone.add(notice.endpoint!);
      await deleteFollowsOfEndpoint(db, notice.endpoint!);
    } else await failed(notice, outcome.reason, outcome.retry);
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const at = now();
      const batch = await claimDueNotices(db, new Date(at), new Date(at + NOTICE_LEASE_MS), CLAIM_BATCH);
      for (const notice of batch) {
        if (stopped) await releaseNotice(db, notice.id);
        else await sendOne(notice);
      }
      if (batch.length < CLAIM_BATCH || stopped) return;
    }
  }

  // Once per outage, not once per poll: the database being away is logged elsewhere too.
  const { drain, current } = serialDrain({
    round: sendDue,
    stopped: () => stopped,
    onUnreachable: (error) =>
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'Follower notices: could not read the queue; retrying every poll',
      ),
    afterDrain: () => gone.clear(),
  });

  async function remind(): Promise<number> {
    const queued = await queueDueReminders(db, new Date(now()));
    if (queued > 0) void drain();
    return queued;
  }

  const poll = setInterval(() => void drain(), options.pollMs ?? NOTICE_POLL_MS);
  poll.unref();
  const reminders = setInterval(() => {
    remind().catch((error: unknown) =>
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'Reminders not queued'),
    );
  }, REMINDER_EVERY_MS);
  reminders.unref();

  return {
    kick() {
      if (!stopped) void drain();
    },
    drain,
    remind,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearInterval(reminders);
      await current();
    },
  };
}
