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
 *
 * Followers are not flooded:
 * - a burst of writes is one message: a notice waits until its event has had
 *   no write for SETTLE_MS (later writes fold into it, migration 040), so ten
 *   edits in a minute tell the follower once, the last state;
 * - at most FOLLOWER_DAILY_CAP messages a day reach one follower (one push
 *   subscription, one email address, whatever it follows), counted in the
 *   database in the transaction that claims them, so instances share one
 *   count. What is over the cap is dropped, not held to the next day: a
 *   notice is news of an event as it is now; held back it arrives late (a
 *   reminder after the day, a "new" one long after), and a backlog from one
 *   flood would fill the next days' allowance too. The event's page, feeds and
 *   calendar entry still carry every change.
 *
 * A fan-out (a venue with tens of thousands of followers publishing) claims
 * CLAIM_BATCH notices per transaction (fewer when paced, below), sends up to SEND_CONCURRENCY at once
 * over kept-alive connections (push-send.ts), and marks the batch sent in one
 * statement: memory stays bounded by the batch, whatever the follower count.
 *
 * And it lets the API's requests go first (pace() below): every push first
 * waits its turn under a ceiling of FOLLOWER_PUSH_RATE messages a second (so
 * a fan-out takes a bounded share of the CPU, whatever the follower count),
 * then for the requests this process is answering to finish (at most
 * YIELD_MAX_MS), and every claim waits for them too. A fan-out is background
 * work: a follower hearing of a new event a minute later loses nothing, a
 * dashboard answering four times slower while it runs is what people notice
 * (scripts/bench/followers-fan-out.ts measures both).
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { apiActivity, type ApiActivity } from '../api-activity.ts';
import { serialDrain } from '../serial-drain.ts';
import type { Db } from '../../db/client.ts';
import {
  claimDueNotices,
  deleteDailySendsBefore,
  markNoticeDead,
  markNoticeRetry,
  markNoticeSent,
  markNoticesSent,
  queueDueReminders,
  releaseNotice,
  type ClaimedNotice,
} from '../../db/queries/follow-notices.ts';
import { deleteFollowsOfEndpoint } from '../../db/queries/follows.ts';
import type { Logger } from '../logger.ts';
import type { MailQueue } from '../mail-queue.ts';
import { unsubscribeUrl } from './follows.ts';
import { noticeMail, noticeText, pushPayload } from './notice-text.ts';
import { encryptPushes, type Encrypted } from './push-encrypt.ts';
import { sendPush, vapidSubject, type PushOutcome } from './push-send.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const NOTICE_MAX_ATTEMPTS = 8;
export const NOTICE_FIRST_RETRY_MS = 30_000;
export const NOTICE_LEASE_MS = 2 * 60_000;
const NOTICE_POLL_MS = 2_000;
const REMINDER_EVERY_MS = 5 * 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const CLAIM_BATCH = 200;
/** Pushes in flight at once: enough to hide a push service's round trip, few enough to leave the API its CPU. */
const SEND_CONCURRENCY = 16;
/**
 * Messages a day one follower may get. A follower of a busy promoter hears of
 * a few new events a week and rarely of a change; more than five a day from
 * one site is what makes people mute or block its notifications, which would
 * end the channel for every later message that matters.
 */
export const FOLLOWER_DAILY_CAP = 5;
/** Sent pushes are marked in groups this far apart: few commits, and few sent-but-unmarked after a crash. */
const MARK_EVERY_MS = 50;
/** A notice waits this long after its event's last write, so a burst of edits is one message. */
export const SETTLE_MS = 60_000;
/**
 * Messages a second one process sends at most (FOLLOWER_PUSH_RATE). A push
 * costs the process about 0.8 ms of CPU (encryption on its thread, the
 * request, the marks) and the database a share of a claim: at this rate a
 * fan-out takes about a quarter of one core, and 50,000 followers hear within
 * three and a half minutes (201 s measured, scripts/bench/followers-fan-out.ts).
 * 0: no ceiling and no yielding (as fast as the host goes).
 */
export const DEFAULT_PUSH_RATE = 300;
/**
 * The longest a push or a claim waits for the requests in flight to finish:
 * a request takes a few milliseconds, and a site that always has one running
 * still gets its fan-out done (SEND_CONCURRENCY sends per this, at worst).
 */
const YIELD_MAX_MS = 50;

/** A claimed batch, its pushes encrypted. */
interface Prepared {
  notices: ClaimedNotice[];
  bodies: Map<number, Encrypted>;
  /** The claim took as many as it could: there may be more. */
  full: boolean;
}

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
  /** SETTLE_MS unless set (tests). */
  settleMs?: number;
  /** FOLLOWER_DAILY_CAP unless set (tests). */
  dailyCap?: number;
  /** Messages a second at most (FOLLOWER_PUSH_RATE, DEFAULT_PUSH_RATE unless set); 0: unpaced. */
  pushRate?: number;
  /** Whose requests go first (default: this process's, counted by server/http/requests-in-flight.ts). */
  activity?: ApiActivity;
}

function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, NOTICE_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

export function followerDeliveries(options: DeliveriesOptions): FollowerDeliveries {
  const { db, mail, keys, publicUrl, now, logger } = options;
  const pushRate = options.pushRate ?? DEFAULT_PUSH_RATE;
  const activity = options.activity ?? apiActivity;
  // Paced, a claim is a fifth of a second of sends (60 at 300 a second): its rows are read, made
  // into payloads and handed to the encryption thread in one piece on the API's thread, and a
  // request arriving then waits for that piece (the list's p99 during a fan-out, in the
  // benchmark's interleaved runs: 1.3-7.0x, median 1.9x, with claims of 60; 1.5-9.0x, median
  // about 5x, with claims of 200). And at any ceiling a claim is sent well within its lease (the
  // next is claimed while it is sent): a lease running out mid-send would let another instance
  // send the same notices.
  const claimSize = pushRate > 0 ? Math.max(1, Math.min(CLAIM_BATCH, Math.floor(pushRate / 5))) : CLAIM_BATCH;
  let stopped = false;

  /** When the next push may go (performance.now()): the ceiling spaces them 1/pushRate s apart. */
  let nextSlot = 0;
  /**
   * Before a push: its turn under the ceiling (the lanes take turns, so
   * SEND_CONCURRENCY only hides the push service's round trips), then a turn
   * of the event loop, so a request whose bytes have arrived is read and
   * counted, then the requests in flight finish first.
   */
  async function pace(): Promise<void> {
    if (pushRate <= 0) return;
    const at = performance.now();
    const slot = Math.max(at, nextSlot);
    nextSlot = slot + 1000 / pushRate;
    if (slot - at >= 1) await sleep(slot - at);
    else await nextTurn();
    await activity.quiet(YIELD_MAX_MS);
  }

  /** Before a claim (a statement and a batch's encryption): the requests in flight first. */
  async function yieldToRequests(): Promise<void> {
    if (pushRate <= 0) return;
    await nextTurn();
    await activity.quiet(YIELD_MAX_MS);
  }

  async function push(notice: ClaimedNotice, body: Encrypted): Promise<PushOutcome> {
    const vapid = await keys();
    return sendPush(
      { endpoint: notice.endpoint!, p256dh: notice.p256dh!, auth: notice.auth! },
      body,
      `event-${notice.event_id}`,
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

  /** Sends one notice; true when it went out (the caller marks its batch sent at once). */
  async function sendOne(notice: ClaimedNotice, body: Encrypted | undefined): Promise<boolean> {
    if (notice.channel === 'email') {
      try {
        await email(notice);
      } catch (error) {
        await failed(notice, error instanceof Error ? error.message : String(error), true);
      }
      return false;
    }
    if (gone.has(notice.endpoint!)) return false;
    await pace();
    let outcome: PushOutcome;
    try {
      // No body: the encryption thread failed, not the subscription; tried again with backoff.
      outcome =
        body === undefined
          ? { ok: false, gone: false, retry: true, reason: 'not encrypted: the encryption thread failed' }
          : await push(notice, body);
    } catch (error) {
      outcome = { ok: false, gone: false, retry: true, reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok) return true;
    // The subscription is gone: its follows end, and their notices with them.
    if (outcome.gone) {
      gone.add(notice.endpoint!);
      await deleteFollowsOfEndpoint(db, notice.endpoint!);
    } else await failed(notice, outcome.reason, outcome.retry);
    return false;
  }

  /**
   * Sends a claimed batch, SEND_CONCURRENCY at a time; gives back what a stop
   * left untried. Sent notices are marked as they finish, a group per
   * statement (one runs at a time, taking all finished since the last), so a
   * process killed mid-batch leaves few sent-but-unmarked notices to be sent
   * again when their lease runs out; their repeats carry the same Topic and
   * notification tag, so the push service and the browser show one.
   */
  async function sendBatch({ notices: batch, bodies }: Prepared): Promise<void> {
    let finished: number[] = [];
    let marking: Promise<void> | null = null;
    const mark = (): Promise<void> => {
      marking ??= (async () => {
        while (finished.length > 0) {
          // A moment for more to finish: one statement (and one commit) per group, not per push.
          await new Promise((done) => setTimeout(done, MARK_EVERY_MS));
          const ids = finished;
          finished = [];
          await markNoticesSent(db, ids, new Date(now()));
        }
      })().finally(() => {
        marking = null;
      });
      return marking;
    };
    // One subscription's notices go one after another (a 410 to the first spares the rest).
    const groups = new Map<string, ClaimedNotice[]>();
    for (const notice of batch) {
      const key = notice.endpoint ?? `mail ${notice.follow_id}`;
      const group = groups.get(key);
      if (group) group.push(notice);
      else groups.set(key, [notice]);
    }
    const queue = [...groups.values()];
    let next = 0;
    async function lane(): Promise<void> {
      while (next < queue.length) {
        for (const notice of queue[next++]!) {
          if (stopped) await releaseNotice(db, notice.id);
          else if (await sendOne(notice, bodies.get(notice.id))) {
            finished.push(notice.id);
            void mark().catch(() => {});
          }
        }
      }
    }
    try {
      await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, lane));
    } finally {
      if (marking) await (marking as Promise<void>).catch(() => {});
      await mark();
    }
  }

  /** Claims the next batch and encrypts its pushes (one round trip to the encryption thread). */
  async function prepare(): Promise<Prepared> {
    await yieldToRequests();
    const at = now();
    const claim = await claimDueNotices(db, {
      now: new Date(at),
      leaseUntil: new Date(at + NOTICE_LEASE_MS),
      limit: claimSize,
      settleMs: options.settleMs ?? SETTLE_MS,
      dailyCap: options.dailyCap ?? FOLLOWER_DAILY_CAP,
    });
    const pushes = claim.notices.filter((notice) => notice.channel === 'push');
    let encrypted: Encrypted[];
    try {
      encrypted = await encryptPushes(
        pushes.map((notice) => ({
          p256dh: notice.p256dh!,
          auth: notice.auth!,
          payload: pushPayload(noticeText(notice, publicUrl)),
        })),
      );
    } catch (error) {
      // The thread failed: these are tried again with backoff (sendOne), like a push with no answer.
      encrypted = [];
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'Follower notices: push encryption failed',
      );
    }
    const bodies = new Map<number, Encrypted>();
    pushes.forEach((notice, i) => {
      if (encrypted[i] !== undefined) bodies.set(notice.id, encrypted[i]);
    });
    return { notices: claim.notices, bodies, full: claim.claimed >= claimSize };
  }

  /** Batch after batch; the next is claimed and encrypted while this one is sent. */
  async function sendDue(): Promise<void> {
    let batch = await prepare();
    for (;;) {
      const next = batch.full && !stopped ? prepare() : null;
      next?.catch(() => {});
      await sendBatch(batch);
      if (!next) return;
      batch = await next;
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
    await deleteDailySendsBefore(db, new Date(now()));
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
