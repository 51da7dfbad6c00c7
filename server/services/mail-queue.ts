/**
 * Outgoing mail through a durable queue (table mail_queue, an outbox). A
 * request never talks to SMTP: it inserts the mail in the same transaction as
 * the change that causes it (`queue.via(tx).send(…)`), so a registration and
 * its code mail commit together or not at all, and the answer takes the same
 * time whether or not a mail was due (no timing oracle, no 500 when SMTP is
 * down).
 *
 * A worker in every API process sends it. It claims due rows with
 * FOR UPDATE SKIP LOCKED, one more attempt each, leased for MAIL_LEASE_MS
 * (next_attempt_at moves to the lease's end): two processes never send one
 * mail, and a process killed mid-send leaves the row to be claimed again when
 * the lease ends. A failed send waits MAIL_FIRST_RETRY_MS × 2^(attempt−1)
 * (at most an hour); after MAIL_MAX_ATTEMPTS the row is dead: logged at error
 * level, counted by `mailQueueDepth`, and listed by the SQL in SECURITY.md.
 *
 * SMTP itself is at-least-once: a process killed after the server took a mail
 * but before the row says sent sends it again when the lease ends. The lease
 * outlasts the SMTP timeouts (services/mail.ts), so a slow send is never
 * taken over by another process while it may still succeed.
 *
 * Promptness: the app kicks the worker after every request that queued mail,
 * once its transaction has committed (app.ts), so the mail goes out at once;
 * a poll every MAIL_POLL_MS picks up retries and mail other processes queued.
 */
import { serialDrain } from './serial-drain.ts';
import type { Db, Queryable } from '../db/client.ts';
import * as queue from '../db/queries/mail-queue.ts';
import type { MailQueueDepth } from '../db/queries/mail-queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer, MailMessage } from './mail.ts';

export const MAIL_MAX_ATTEMPTS = 12;
export const MAIL_FIRST_RETRY_MS = 5_000;
export const MAIL_LEASE_MS = 5 * 60_000;
export const MAIL_POLL_MS = 1_000;
const MAX_RETRY_MS = 60 * 60_000;
const CLAIM_BATCH = 10;

export type { MailQueueDepth };

export interface MailQueue {
  /** A Mailer whose mail is queued through `db`: in a transaction, it commits (or not) with it. */
  via(db: Queryable): Mailer;
  /** Sends what is due now, soon (not awaited): after a commit that queued mail. */
  kick(): void;
  /** Sends everything due now and resolves when done (tests). */
  drain(): Promise<void>;
  /**
   * Stops polling; resolves when the mail being sent is done. Mail claimed but
   * not yet started goes back to the queue at once, for another process.
   */
  stop(): Promise<void>;
}

/** How long to wait after the `attempt`-th failure. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/** Pending and dead mail (for metrics and the operator). */
export function mailQueueDepth(db: Queryable): Promise<MailQueueDepth> {
  return queue.countMailQueue(db);
}

export function mailQueue(options: {
  db: Db;
  transport: Mailer;
  now: () => number;
  logger: Pick<Logger, 'error' | 'warn'>;
  pollMs?: number;
}): MailQueue {
  const { db, transport, now, logger } = options;
  let queued = false;
  let stopped = false;

  async function sendOne(mail: queue.QueuedMail): Promise<void> {
    try {
      await transport.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.code ? { code: mail.code } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= MAIL_MAX_ATTEMPTS) {
        await queue.markMailDead(db, mail.id, new Date(now()), reason);
        logger.error(
          { mailId: mail.id, attempts: mail.attempts, error: reason },
          `Mail ${mail.id} is dead after ${mail.attempts} attempts (state 'dead' in mail_queue)`,
        );
      } else {
        await queue.markMailRetry(db, mail.id, new Date(now() + retryDelayMs(mail.attempts)), reason);
        logger.warn({ mailId: mail.id, attempts: mail.attempts, error: reason }, 'Mail not sent; will retry');
      }
      return;
    }
    await queue.markMailSent(db, mail.id, new Date(now()));
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const at = now();
      const batch = await queue.claimDueMail(db, new Date(at), new Date(at + MAIL_LEASE_MS), CLAIM_BATCH);
      for (const mail of batch) {
        if (stopped) await queue.releaseMail(db, mail.id, new Date(now()));
        else await sendOne(mail);
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
        'Mail queue: could not read the queue; retrying every poll',
      ),
  });

  const timer = setInterval(() => void drain(), options.pollMs ?? MAIL_POLL_MS);
  timer.unref();

  return {
    via(tx) {
      return {
        async send(message: MailMessage) {
          await queue.insertQueuedMail(
            tx,
            { ...message, code: message.code ?? null, headers: message.headers ?? null },
            new Date(now()),
          );
          queued = true;
        },
      };
    },
    kick() {
      if (!queued || stopped) return;
      queued = false;
      void drain();
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current();
    },
  };
}
