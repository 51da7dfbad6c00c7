/** SQL for mail_queue: the outbox of outgoing mail (services/mail-queue.ts). */
import type { Queryable } from '../client.ts';

export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  code: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export async function insertQueuedMail(
  db: Queryable,
  mail: { to: string; subject: string; text: string; code: string | null; headers?: Record<string, string> | null },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO mail_queue (recipient, subject, body, code, headers, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $6, $5, $5)`,
    [mail.to, mail.subject, mail.text, mail.code, now, mail.headers ? JSON.stringify(mail.headers) : null],
  );
}

/**
 * Claims up to `limit` due mails: each gets one more attempt and is leased
 * until `leaseUntil` (its next_attempt_at), so no other process takes it
 * meanwhile; a process killed mid-send lets the lease run out. One statement
 * (it commits on its own): SKIP LOCKED lets several processes claim at once.
 */
export async function claimDueMail(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
  const claimed = await db.query<QueuedMail>(
    `UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = $2
      WHERE id IN (SELECT id FROM mail_queue
                    WHERE state = 'pending' AND next_attempt_at <= $1
                    ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id::int AS id, recipient AS "to", subject, body AS "text", code, headers, attempts`,
    [now, leaseUntil, limit],
  );
  return claimed.rows.sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    "UPDATE mail_queue SET state = 'sent', finished_at = $2, last_error = NULL WHERE id = $1 AND state = 'pending'",
    [id, now],
  );
}

export async function markMailRetry(db: Queryable, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db.query("UPDATE mail_queue SET next_attempt_at = $2, last_error = $3 WHERE id = $1 AND state = 'pending'", [
    id,
    nextAttemptAt,
    error,
  ]);
}

/** Gives back a claim that was never tried (a process shutting down): due at once, the attempt not counted. */
export async function releaseMail(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    "UPDATE mail_queue SET next_attempt_at = $2, attempts = attempts - 1 WHERE id = $1 AND state = 'pending'",
    [id, now],
  );
}

export async function markMailDead(db: Queryable, id: number, now: Date, error: string): Promise<void> {
  await db.query(
    "UPDATE mail_queue SET state = 'dead', finished_at = $2, last_error = $3 WHERE id = $1 AND state = 'pending'",
    [id, now, error],
  );
}

export interface MailQueueDepth {
  /** Waiting, in backoff or being sent. */
  pending: number;
  /** Given up after every attempt failed: needs an operator. */
  dead: number;
}

export async function countMailQueue(db: Queryable): Promise<MailQueueDepth> {
  const result = await db.query<MailQueueDepth>(
    `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending,
            count(*) FILTER (WHERE state = 'dead')::int AS dead
       FROM mail_queue WHERE state <> 'sent'`,
  );
  return result.rows[0] ?? { pending: 0, dead: 0 };
}

/** The mail to `email` (any case) that is queued or sent, oldest first: the dev mailbox. */
export async function queuedMailTo(
  db: Queryable,
  email: string,
): Promise<
  { to: string; subject: string; text: string; code: string | null; headers: Record<string, string> | null }[]
> {
  const result = await db.query<{
    to: string;
    subject: string;
    text: string;
    code: string | null;
    headers: Record<string, string> | null;
  }>(
    `SELECT recipient AS "to", subject, body AS "text", code, headers FROM mail_queue
      WHERE lower(recipient) = lower($1) AND state <> 'dead' ORDER BY id`,
    [email],
  );
  return result.rows;
}

/** Sent mail is kept a while (the dev mailbox reads it); dead mail longer, for an operator. */
export async function deleteFinishedMailBefore(db: Queryable, sentBefore: Date, deadBefore: Date): Promise<void> {
  await db.query(
    `DELETE FROM mail_queue
      WHERE (state = 'sent' AND finished_at < $1) OR (state = 'dead' AND finished_at < $2)`,
    [sentBefore, deadBefore],
  );
}
